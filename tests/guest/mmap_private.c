/*
 * A private anonymous mapping that asks for a page size with MAP_HUGE_*
 * gets pages of that size, taken from that size's pool only when touched,
 * and given back at munmap.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "hugesize-compat.h"
#include "smaps.h"

static void map_private(struct __test_metadata *_metadata, unsigned long long size,
			int size_flag, unsigned long long pages, unsigned long long touch)
{
	struct hugesize_pool before, mapped, touched, after;
	unsigned long long i;
	char *p;

	ASSERT_EQ(0, hugesize_pool(size, &before));
	if (before.free < pages)
		SKIP(return, "%llu kB pool has %llu free pages, %llu needed",
		     size >> 10, (unsigned long long)before.free, pages);

	p = mmap(NULL, pages * size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | size_flag, -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap: %s", strerror(errno));
	ASSERT_EQ(0, hugesize_pool(size, &mapped));
	EXPECT_EQ(before.resv + pages, mapped.resv);
	EXPECT_EQ(before.free, mapped.free);

	for (i = 0; i < touch; i++)
		p[i * size] = 1;
	ASSERT_EQ(0, hugesize_pool(size, &touched));
	EXPECT_EQ(size, smaps_page_size(p));
	EXPECT_EQ(before.free - touch, touched.free);
	EXPECT_EQ(before.resv + pages - touch, touched.resv);

	ASSERT_EQ(0, munmap(p, pages * size));
	ASSERT_EQ(0, hugesize_pool(size, &after));
	EXPECT_EQ(before.free, after.free);
	EXPECT_EQ(before.resv, after.resv);
}

TEST(mmap_private_2MB)
{
	map_private(_metadata, 2ULL << 20, MAP_HUGE_2MB, 4, 3);
}

TEST(mmap_private_1GB)
{
	map_private(_metadata, 1ULL << 30, MAP_HUGE_1GB, 1, 1);
}

TEST_HARNESS_MAIN
