/* SPDX-License-Identifier: MIT */
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
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hugemap.h"
#include "hugesize-probe.h"
#include "pattern.h"
#include "sizetest.h"

#define PAGES	2
#define PARENT	0x1111111111111111ULL
#define CHILD	0x2222222222222222ULL

enum integrity_case { TWO_VIEWS, FORK };

enum child_saw { CHILD_OK, CHILD_LACKS_PARENT, CHILD_ZERO_PAGE, CHILD_LOST_WRITE, CHILD_DIED };

/* The child checks the parent's pattern, then writes its own and reads it
 * back: what it saw is its exit status, the first bad offset on stderr. */
static enum child_saw child_sees_parent(struct hugemap *m)
{
	unsigned long long *w;
	int status;
	long bad;
	pid_t pid;

	pattern_fill(m->view[0], m->len, PARENT);
	pid = fork();
	if (pid == 0) {
		bad = pattern_check(m->view[0], m->len, PARENT);
		if (bad != -1) {
			w = (unsigned long long *)(m->view[0] + bad);
			fprintf(stderr, "# child: offset %ld of %zu reads %#llx, not the parent's data\n",
				bad, m->len, *w);
			_exit(*w ? CHILD_LACKS_PARENT : CHILD_ZERO_PAGE);
		}
		pattern_fill(m->view[0], m->len, CHILD);
		bad = pattern_check(m->view[0], m->len, CHILD);
		if (bad != -1) {
			fprintf(stderr, "# child: offset %ld of %zu lost the child's write\n", bad, m->len);
			_exit(CHILD_LOST_WRITE);
		}
		_exit(CHILD_OK);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return CHILD_DIED;
	return WEXITSTATUS(status);
}

/*
 * PAGES pages of the size made as map_kind: a pattern written through one
 * view reads back through a second (TWO_VIEWS), or across fork (FORK:
 * shared, or copy-on-write for a private mapping).
 */
static void integrity(struct __test_metadata *const _metadata, FIXTURE_DATA(size) *self,
		      enum hugemap_kind map_kind, enum integrity_case what)
{
	struct hugemap_request req = {
		.kind = map_kind, .hugetlb = 1, .len = PAGES * self->bytes,
		.size_bits = (unsigned int)hugesize_flags(self->bytes),
	};
	struct hugemap m;
	char *second;
	int ret;

	/* A private copy-on-write fork needs a second set of pages. */
	SIZE_NEEDS(2 * PAGES);
	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
	EXPECT_EQ(self->bytes, smaps_page_size(m.view[0]));
	if (what == TWO_VIEWS) {
		second = hugemap_view(&m);
		ASSERT_NE(NULL, second) TH_LOG("second view: %s", strerror(errno));
		ASSERT_NE(m.view[0], second);
		EXPECT_EQ(smaps_page_size(m.view[0]), smaps_page_size(second));
		pattern_fill(m.view[0], m.len, PARENT);
		EXPECT_EQ(-1, pattern_check(second, m.len, PARENT));
		pattern_fill(second, m.len, CHILD);
		EXPECT_EQ(-1, pattern_check(m.view[0], m.len, CHILD));
	} else {
		EXPECT_EQ(CHILD_OK, child_sees_parent(&m))
			TH_LOG("the child did not see the data it should");
		EXPECT_EQ(-1, pattern_check(m.view[0], m.len,
			  map_kind == HUGEMAP_MMAP_PRIVATE ? PARENT : CHILD));
	}
	EXPECT_EQ(0, hugemap_release(&m));
}

TEST_F(size, shmget_attached_twice)
{
	integrity(_metadata, self, HUGEMAP_SHMGET, TWO_VIEWS);
}

TEST_F(size, memfd_mapped_twice)
{
	integrity(_metadata, self, HUGEMAP_MEMFD, TWO_VIEWS);
}

TEST_F(size, hugetlbfs_mapped_twice)
{
	integrity(_metadata, self, HUGEMAP_HUGETLBFS, TWO_VIEWS);
}

TEST_F(size, mmap_shared_fork_shares)
{
	integrity(_metadata, self, HUGEMAP_MMAP_SHARED, FORK);
}

TEST_F(size, shmget_fork_shares)
{
	integrity(_metadata, self, HUGEMAP_SHMGET, FORK);
}

TEST_F(size, memfd_fork_shares)
{
	integrity(_metadata, self, HUGEMAP_MEMFD, FORK);
}

TEST_F(size, mmap_private_fork_copy_on_write)
{
	integrity(_metadata, self, HUGEMAP_MMAP_PRIVATE, FORK);
}

/* Gigantic pages are left to the fault-count test. */
SIZE_HARNESS_MAIN(size_cheap)
