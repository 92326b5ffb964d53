/* SPDX-License-Identifier: MIT */
/*
 * MAP_HUGE_16GB where the kernel offers 16GB pages (arm64 with the 64K
 * granule). Without the kernel series MAP_SHARED_VALIDATE refuses bit 31 of
 * the size field: EOPNOTSUPP, whether or not a page exists. With it the flags
 * pass: the mapping gets the page reserved when the pool has one free, and
 * ENOMEM when it is empty. Plain MAP_SHARED takes the page on both kernels,
 * which shows the page is there. hugesize.patches= on the kernel command line
 * says which kernel this is (none: the kernel as Debian ships it).
 *
 * The page is proven without touching it (under TCG, 16GB of guest memory
 * would be 16GB of the host's): the pool's resv_hugepages goes up by one
 * while free_hugepages stays, smaps gives the mapping a 16GB KernelPageSize,
 * and both counters are back where they were after munmap.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "harness.h"
#include "hugesize-compat.h"
#include "cmdline.h"
#include "hugemap.h"
#include "hugesize-probe.h"

#define SIZE_16GB (16ULL << 30)

static int series_applied(void)
{
	char patches[32] = "series";

	cmdline_value("patches", patches, sizeof(patches));
	return strcmp(patches, "none") != 0;
}

/* The 16GB pool, or NULL with why the test cannot run. */
static const char *pool_16gb(struct hugesize_pool *pool)
{
	if ((size_t)SIZE_16GB != SIZE_16GB)
		return "16GB does not fit a size_t";
	if (hugesize_pool(SIZE_16GB, pool))
		return "no 16GB pages here";
	return NULL;
}

/* Maps 16GB with FLAGS and expects WANT: 0 for a mapping that holds one
 * reserved, unfaulted 16GB page, else the errno of a refusal that leaves the
 * pool as it was. */
static void map_expect(struct __test_metadata *_metadata, const struct hugesize_pool *before,
		       int flags, int want)
{
	struct hugesize_pool during, after;
	void *p;

	p = mmap(NULL, (size_t)SIZE_16GB, PROT_READ | PROT_WRITE,
		 flags | MAP_ANONYMOUS | MAP_HUGETLB | MAP_HUGE_16GB, -1, 0);
	if (want) {
		ASSERT_EQ(MAP_FAILED, p) munmap(p, (size_t)SIZE_16GB);
		EXPECT_EQ(want, errno) TH_LOG("errno %d (%s)", errno, strerror(errno));
	} else {
		ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap: %s", strerror(errno));
		hugemap_check_aligned(p, "mmap(MAP_HUGETLB | MAP_HUGE_16GB)");
		ASSERT_EQ(0, hugesize_pool(SIZE_16GB, &during));
		EXPECT_EQ(SIZE_16GB, smaps_page_size(p));
		EXPECT_EQ(before->resv + 1, during.resv);
		EXPECT_EQ(before->free, during.free) TH_LOG("the page was faulted");
		EXPECT_EQ(0, munmap(p, (size_t)SIZE_16GB));
	}
	ASSERT_EQ(0, hugesize_pool(SIZE_16GB, &after));
	EXPECT_EQ(before->nr, after.nr);
	EXPECT_EQ(before->free, after.free);
	EXPECT_EQ(before->resv, after.resv);
}

TEST(map_shared_validate_16gb)
{
	struct hugesize_pool pool;
	const char *why = pool_16gb(&pool);
	int want;

	if (why)
		SKIP(return, "%s", why);
	if (!series_applied())
		want = EOPNOTSUPP;
	else
		want = pool.free > pool.resv ? 0 : ENOMEM;
	TH_LOG("kernel series: %s; %llu free 16GB pages; expecting %s",
	       series_applied() ? "applied" : "none", pool.free - pool.resv,
	       want ? strerror(want) : "the page reserved");
	map_expect(_metadata, &pool, MAP_SHARED_VALIDATE, want);
}

TEST(map_shared_16gb)
{
	struct hugesize_pool pool;
	const char *why = pool_16gb(&pool);

	if (why)
		SKIP(return, "%s", why);
	if (pool.free <= pool.resv)
		SKIP(return, "the 16GB pool has no free page");
	map_expect(_metadata, &pool, MAP_SHARED, 0);
}

TEST_HARNESS_MAIN
