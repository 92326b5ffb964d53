/* SPDX-License-Identifier: MIT */
/*
 * MAP_SHARED_VALIDATE | MAP_HUGETLB | MAP_HUGE_16GB where the kernel offers
 * 16GB pages (arm64 with the 64K granule registers the size, with an empty
 * pool). Without the kernel series the flag check refuses bit 31 of the
 * size field: EOPNOTSUPP. With it the flags pass and the reservation is what
 * fails: ENOMEM. hugesize.patches= on the kernel command line says which
 * kernel this is (none: the kernel as Debian ships it). Skipped where the
 * kernel has no 16GB pages.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "harness.h"
#include "hugesize-compat.h"
#include "cmdline.h"

TEST(map_shared_validate_16gb)
{
	unsigned long long bytes = 16ULL << 30;
	struct hugesize_pool pool;
	char patches[32] = "series";
	int want;
	void *p;

	if (hugesize_pool(bytes, &pool))
		SKIP(return, "no 16GB pages here (%s)", strerror(errno));
	if ((size_t)bytes != bytes)
		SKIP(return, "16GB does not fit a size_t");
	if (pool.free)
		SKIP(return, "the 16GB pool has %llu free pages: the reservation would succeed", pool.free);
	cmdline_value("patches", patches, sizeof(patches));
	want = strcmp(patches, "none") ? ENOMEM : EOPNOTSUPP;
	TH_LOG("kernel series: %s; expecting %s", patches, strerror(want));
	p = mmap(NULL, (size_t)bytes, PROT_READ | PROT_WRITE,
		 MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_HUGE_16GB, -1, 0);
	ASSERT_EQ(MAP_FAILED, p) munmap(p, (size_t)bytes);
	EXPECT_EQ(want, errno) TH_LOG("errno %d (%s)", errno, strerror(errno));
}

TEST_HARNESS_MAIN
