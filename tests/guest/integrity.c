/*
 * Data integrity, per huge page size that is cheap to fault in (gigantic
 * pages are left to the fault-count test: a copy of one costs seconds
 * under TCG):
 *  - a pattern written through one view of an object reads back through a
 *    second one, both ways (shmat twice, memfd and hugetlbfs file mapped twice)
 *  - shared mappings survive fork: the child sees the parent's data and the
 *    parent sees the child's writes (mmap shared, shmget, memfd)
 *  - a private mapping is copy-on-write across fork: the child reads the
 *    parent's data, writes its own, and the parent keeps its data
 */
#include <errno.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "pattern.h"
#include "sizes.h"
#include "smaps.h"

#define PAGES	2
#define PARENT	0x1111111111111111ULL
#define CHILD	0x2222222222222222ULL

enum integrity_case { TWO_VIEWS, FORK };

static void two_views(struct __test_metadata *_metadata, struct hugemap *m)
{
	char *second = hugemap_view(m);

	ASSERT_NE(NULL, second) TH_LOG("second view: %s", strerror(errno));
	ASSERT_NE(m->view[0], second);
	EXPECT_EQ(smaps_page_size(m->view[0]), smaps_page_size(second));
	pattern_fill(m->view[0], m->len, PARENT);
	EXPECT_EQ(-1, pattern_check(second, m->len, PARENT));
	pattern_fill(second, m->len, CHILD);
	EXPECT_EQ(-1, pattern_check(m->view[0], m->len, CHILD));
}

/* The child checks the parent's pattern, then writes its own: its exit
 * status says whether it found the parent's. */
static void across_fork(struct __test_metadata *_metadata, struct hugemap *m, int shared)
{
	int status;
	pid_t pid;

	pattern_fill(m->view[0], m->len, PARENT);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		int seen = pattern_check(m->view[0], m->len, PARENT) == -1;

		pattern_fill(m->view[0], m->len, CHILD);
		_exit(seen && pattern_check(m->view[0], m->len, CHILD) == -1 ? 0 : 1);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, status) TH_LOG("the child did not read the parent's data");
	EXPECT_EQ(-1, pattern_check(m->view[0], m->len, shared ? CHILD : PARENT));
}

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	struct hugemap_request req = {
		.kind = t->kind, .hugetlb = 1, .len = PAGES * t->size,
		.size_bits = (unsigned int)hugesize_flags(t->size),
	};
	struct hugesize_pool before, after;
	struct hugemap m;
	int ret;

	ASSERT_EQ(0, hugesize_pool(t->size, &before));
	/* A private copy-on-write fork needs a second set of pages. */
	if (before.free - before.resv < 2 * PAGES)
		SKIP(return, "needs %d free %s pages", 2 * PAGES, SIZE_NAME(t->size));
	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
	EXPECT_EQ(t->size, smaps_page_size(m.view[0]));
	if (t->arg == TWO_VIEWS)
		two_views(_metadata, &m);
	else
		across_fork(_metadata, &m, t->kind != HUGEMAP_MMAP_PRIVATE);
	EXPECT_EQ(0, hugemap_release(&m));
	ASSERT_EQ(0, hugesize_pool(t->size, &after));
	EXPECT_EQ(0, memcmp(&before, &after, sizeof(before)));
}

static void add_tests(void)
{
	static const struct { enum hugemap_kind kind; enum integrity_case what; const char *name; }
	cases[] = {
		{ HUGEMAP_SHMGET, TWO_VIEWS, "shmget_%s_attached_twice" },
		{ HUGEMAP_MEMFD, TWO_VIEWS, "memfd_%s_mapped_twice" },
		{ HUGEMAP_HUGETLBFS, TWO_VIEWS, "hugetlbfs_%s_mapped_twice" },
		{ HUGEMAP_MMAP_SHARED, FORK, "mmap_shared_%s_fork_shares" },
		{ HUGEMAP_SHMGET, FORK, "shmget_%s_fork_shares" },
		{ HUGEMAP_MEMFD, FORK, "memfd_%s_fork_shares" },
		{ HUGEMAP_MMAP_PRIVATE, FORK, "mmap_private_%s_fork_copy_on_write" },
	};
	unsigned long long sizes[SIZES_MAX];
	int i, n = sizes_offered(sizes, SIZES_MAX);
	size_t c;

	for (i = 0; i < n; i++) {
		if (!size_cheap(sizes[i]))
			continue;
		for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
			dyntest_add(check, sizes[i], cases[c].kind, cases[c].what, cases[c].name,
				    SIZE_NAME(sizes[i]));
#pragma GCC diagnostic pop
		}
	}
}

DYNTEST_MAIN(add_tests)
