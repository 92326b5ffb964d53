/*
 * A pool too small for the request, per size:
 *  - without NORESERVE the call that reserves fails with ENOMEM (mmap,
 *    shmget; memfd at its mmap) and takes nothing
 *  - with MAP_NORESERVE / SHM_NORESERVE and no page left to take (every
 *    free page reserved by another mapping, or an empty pool), the mapping
 *    is made and the first touch gets SIGBUS: seen in a child, the test
 *    process survives
 * Neither faults a page in, so gigantic sizes cost nothing here.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "sizes.h"

enum limit_case { ENOMEM_CASE, SIGBUS_CASE };

static void enomem(struct __test_metadata *_metadata, const struct dyntest *t,
		   const struct hugesize_pool *before)
{
	struct hugemap_request req = {
		.kind = t->kind, .hugetlb = 1, .size_bits = (unsigned int)hugesize_flags(t->size),
		.len = (before->free - before->resv + 1) * t->size,
	};
	struct hugemap m;

	EXPECT_EQ(-ENOMEM, hugemap_create(&m, &req));
}

/* Touches the page in a child: how the child ended. */
static int touch_in_child(char *p)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		*(volatile char *)p = 1;
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

static void sigbus(struct __test_metadata *_metadata, const struct dyntest *t,
		   const struct hugesize_pool *before)
{
	struct hugemap_request hold = {
		.kind = HUGEMAP_MMAP_PRIVATE, .hugetlb = 1,
		.size_bits = (unsigned int)hugesize_flags(t->size),
		.len = (before->free - before->resv) * t->size,
	};
	struct hugemap_request req = {
		.kind = t->kind, .hugetlb = 1, .noreserve = 1, .size_bits = hold.size_bits,
		.len = t->size,
	};
	struct hugesize_pool held;
	struct hugemap holder, m;
	int status, ret;

	if (hold.len)
		ASSERT_EQ(0, hugemap_create(&holder, &hold));
	ASSERT_EQ(0, hugesize_pool(t->size, &held));
	EXPECT_EQ(held.free, held.resv);
	ret = hugemap_create(&m, &req);
	EXPECT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
	if (!ret) {
		status = touch_in_child(m.view[0]);
		EXPECT_TRUE(WIFSIGNALED(status));
		EXPECT_EQ(SIGBUS, WTERMSIG(status)) TH_LOG("wait status %#x", status);
		EXPECT_EQ(0, hugemap_release(&m));
	}
	if (hold.len)
		EXPECT_EQ(0, hugemap_release(&holder));
}

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	struct hugesize_pool before, after;

	ASSERT_EQ(0, hugesize_pool(t->size, &before));
	if (t->arg == ENOMEM_CASE)
		enomem(_metadata, t, &before);
	else
		sigbus(_metadata, t, &before);
	ASSERT_EQ(0, hugesize_pool(t->size, &after));
	EXPECT_EQ(0, memcmp(&before, &after, sizeof(before)));
}

static void add_tests(void)
{
	static const enum hugemap_kind reserving[] = {
		HUGEMAP_MMAP_PRIVATE, HUGEMAP_MMAP_SHARED, HUGEMAP_SHMGET, HUGEMAP_MEMFD,
	};
	unsigned long long sizes[SIZES_MAX];
	int i, n = sizes_offered(sizes, SIZES_MAX);
	size_t k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < sizeof(reserving) / sizeof(reserving[0]); k++)
			dyntest_add(check, sizes[i], reserving[k], ENOMEM_CASE, "%s_%s_pool_too_small_enomem",
				    hugemap_kind_name(reserving[k]), SIZE_NAME(sizes[i]));
		/* memfd_create() has no NORESERVE flag. */
		for (k = 0; k < 3; k++)
			dyntest_add(check, sizes[i], reserving[k], SIGBUS_CASE, "%s_%s_noreserve_sigbus",
				    hugemap_kind_name(reserving[k]), SIZE_NAME(sizes[i]));
	}
}

DYNTEST_MAIN(add_tests)
