/* SPDX-License-Identifier: MIT */
/*
 * Populating a private mapping takes exactly one minor fault per page of
 * its size: 4 KB base pages, and each huge page size the kernel offers
 * (one page of a gigantic size, only in the patched-musl build: it is
 * zeroed at the fault, seconds under TCG). `make bench` measures the same
 * over 1 GiB.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hugemap.h"
#include "hugesize-probe.h"
#include "populate.h"
#include "sizetest.h"

#define BASE_PAGES	1024
#define HUGE_PAGES	4

FIXTURE_VARIANT_ADD(size, base_page) { .bytes = 0 };

TEST_F(size, mmap_private_minor_faults)
{
	int huge = variant->bytes != 0;
	long pages = !huge ? BASE_PAGES : size_cheap(self->bytes) ? HUGE_PAGES : 1;
	size_t len = (size_t)pages * self->bytes;
	int flags = MAP_PRIVATE | MAP_ANONYMOUS |
		    (huge ? MAP_HUGETLB | (int)hugesize_flags(self->bytes) : 0);
	struct populate_result r;
	char *p;

	if (huge)
		SIZE_NEEDS(pages);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("%s", strerror(errno));
	hugemap_check_aligned(p, "mmap(MAP_PRIVATE | MAP_ANONYMOUS)");
	r = populate(p, len);
	EXPECT_EQ(pages, r.minor_faults);
	EXPECT_EQ(self->bytes, smaps_page_size(p));
	TH_LOG("%ld pages of %s: %ld minor faults in %.3f s", pages, SIZE_NAME(self->bytes),
	       r.minor_faults, r.seconds);
	EXPECT_EQ(0, munmap(p, len));
}

/* A gigantic page only in the patched-musl build. */
static int faulted(unsigned long long bytes)
{
	return size_cheap(bytes) || flavour_primary();
}

SIZE_HARNESS_MAIN(faulted)
