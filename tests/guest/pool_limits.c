/* SPDX-License-Identifier: MIT */
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

#include "hugemap.h"
#include "sizetest.h"

/* One page more than the pool has free: refused, nothing taken. */
static void pool_too_small(struct __test_metadata *const _metadata, FIXTURE_DATA(size) *self,
			   enum hugemap_kind map_kind)
{
	struct hugemap_request req = {
		.kind = map_kind, .hugetlb = 1,
		.size_bits = (unsigned int)hugesize_flags(self->bytes),
		.len = ((size_t)self->avail + 1) * self->bytes,
	};
	struct hugemap m;

	SIZE_NEEDS(0);
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

/* Every free page held by another mapping (or none in the pool): a
 * NORESERVE mapping is made, and its first touch gets SIGBUS. */
static void noreserve_sigbus(struct __test_metadata *const _metadata, FIXTURE_DATA(size) *self,
			     enum hugemap_kind map_kind)
{
	struct hugemap_request hold = {
		.kind = HUGEMAP_MMAP_PRIVATE, .hugetlb = 1,
		.size_bits = (unsigned int)hugesize_flags(self->bytes),
		.len = (size_t)self->avail * self->bytes,
	};
	struct hugemap_request req = {
		.kind = map_kind, .hugetlb = 1, .noreserve = 1,
		.size_bits = hold.size_bits, .len = self->bytes,
	};
	struct hugesize_pool held;
	struct hugemap holder, m;
	int status, ret;

	SIZE_NEEDS(0);
	if (hold.len)
		ASSERT_EQ(0, hugemap_create(&holder, &hold));
	ASSERT_EQ(0, hugesize_pool(self->bytes, &held));
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

TEST_F(size, mmap_private_pool_too_small_enomem)
{
	pool_too_small(_metadata, self, HUGEMAP_MMAP_PRIVATE);
}

TEST_F(size, mmap_shared_pool_too_small_enomem)
{
	pool_too_small(_metadata, self, HUGEMAP_MMAP_SHARED);
}

TEST_F(size, shmget_pool_too_small_enomem)
{
	pool_too_small(_metadata, self, HUGEMAP_SHMGET);
}

TEST_F(size, memfd_pool_too_small_enomem)
{
	pool_too_small(_metadata, self, HUGEMAP_MEMFD);
}

/* memfd_create() has no NORESERVE flag. */
TEST_F(size, mmap_private_noreserve_sigbus)
{
	noreserve_sigbus(_metadata, self, HUGEMAP_MMAP_PRIVATE);
}

TEST_F(size, mmap_shared_noreserve_sigbus)
{
	noreserve_sigbus(_metadata, self, HUGEMAP_MMAP_SHARED);
}

TEST_F(size, shmget_noreserve_sigbus)
{
	noreserve_sigbus(_metadata, self, HUGEMAP_SHMGET);
}

SIZE_HARNESS_MAIN(NULL)
