/* SPDX-License-Identifier: MIT */
/*
 * 4MB pages by name: MAP_HUGE_4MB, SHM_HUGE_4MB and MFD_HUGE_4MB, which the
 * kernel series adds (i386 without PAE has 4MB pages and no other size).
 * Each call gets a page from the 4MB pool: KernelPageSize is 4MB and the
 * pool's free count drops by one at the first touch. Skipped where the
 * kernel offers no 4MB pages.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <unistd.h>

#include "harness.h"
#include "hugesize-compat.h"
#include "hugemap.h"
#include "hugesize-probe.h"

#define SIZE_4MB (4UL << 20)

/* Skips the test without a 4MB pool with a free page; returns its state. */
#define NEED_4MB(pool)								\
	do {									\
		if (hugesize_pool(SIZE_4MB, &(pool)))				\
			SKIP(return, "no 4MB pages here (%s)", strerror(errno));	\
		if ((pool).free - (pool).resv < 1)				\
			SKIP(return, "the 4MB pool has no free page");		\
	} while (0)

/* The page at p is a 4MB one, and touching it took one from the pool. */
#define CHECK_PAGE(p, before) do {					\
	struct hugesize_pool after;					\
									\
	memset((p), 0x5a, SIZE_4MB);					\
	EXPECT_EQ(SIZE_4MB, smaps_page_size(p));			\
	ASSERT_EQ(0, hugesize_pool(SIZE_4MB, &after));			\
	EXPECT_EQ((before).free - 1, after.free);			\
	EXPECT_EQ(0x5a, (p)[SIZE_4MB - 1]);				\
} while (0)

TEST(map_huge_4mb)
{
	struct hugesize_pool before;
	char *p;

	EXPECT_EQ(22U << 26, (unsigned int)MAP_HUGE_4MB);
	NEED_4MB(before);
	p = mmap(NULL, SIZE_4MB, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_HUGE_4MB, -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap MAP_HUGE_4MB: %s", strerror(errno));
	hugemap_check_aligned(p, "mmap(MAP_HUGETLB | MAP_HUGE_4MB)");
	CHECK_PAGE(p, before);
	EXPECT_EQ(0, munmap(p, SIZE_4MB));
}

TEST(shm_huge_4mb)
{
	struct hugesize_pool before;
	char *p;
	int id;

	EXPECT_EQ(22U << 26, (unsigned int)SHM_HUGE_4MB);
	NEED_4MB(before);
	id = shmget(IPC_PRIVATE, SIZE_4MB, IPC_CREAT | 0600 | SHM_HUGETLB | SHM_HUGE_4MB);
	ASSERT_LE(0, id) TH_LOG("shmget SHM_HUGE_4MB: %s", strerror(errno));
	p = shmat(id, NULL, 0);
	EXPECT_EQ(0, shmctl(id, IPC_RMID, NULL));
	ASSERT_NE((void *)-1, p) TH_LOG("shmat: %s", strerror(errno));
	hugemap_check_aligned(p, "shmat");
	CHECK_PAGE(p, before);
	EXPECT_EQ(0, shmdt(p));
}

TEST(mfd_huge_4mb)
{
	struct hugesize_pool before;
	char *p;
	int fd;

	EXPECT_EQ(22U << 26, (unsigned int)MFD_HUGE_4MB);
	NEED_4MB(before);
	fd = memfd_create("huge_4mb", MFD_HUGETLB | MFD_HUGE_4MB);
	ASSERT_LE(0, fd) TH_LOG("memfd_create MFD_HUGE_4MB: %s", strerror(errno));
	ASSERT_EQ(0, ftruncate(fd, SIZE_4MB));
	p = mmap(NULL, SIZE_4MB, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap of the memfd: %s", strerror(errno));
	hugemap_check_aligned(p, "mmap of a memfd");
	CHECK_PAGE(p, before);
	EXPECT_EQ(0, munmap(p, SIZE_4MB));
}

TEST_HARNESS_MAIN
