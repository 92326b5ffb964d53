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

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugesize-compat.h"
#include "populate.h"
#include "sizes.h"
#include "smaps.h"

#define BASE_PAGES	1024
#define HUGE_PAGES	4

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	long pages = t->arg;
	size_t len = (size_t)pages * t->size;
	int huge = t->size != (unsigned long long)getpagesize();
	int flags = MAP_PRIVATE | MAP_ANONYMOUS |
		    (huge ? MAP_HUGETLB | (int)hugesize_flags(t->size) : 0);
	struct populate_result r;
	struct hugesize_pool pool;
	char *p;

	if (huge) {
		ASSERT_EQ(0, hugesize_pool(t->size, &pool));
		if (pool.free - pool.resv < (unsigned long long)pages)
			SKIP(return, "needs %ld free %s pages", pages, SIZE_NAME(t->size));
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("%s", strerror(errno));
	r = populate(p, len);
	EXPECT_EQ(pages, r.minor_faults);
	EXPECT_EQ(t->size, smaps_page_size(p));
	TH_LOG("%ld pages of %s: %ld minor faults in %.3f s", pages, SIZE_NAME(t->size),
	       r.minor_faults, r.seconds);
	EXPECT_EQ(0, munmap(p, len));
}

static void add_tests(void)
{
	unsigned long long sizes[SIZES_MAX], base = (unsigned long long)getpagesize();
	int i, n = sizes_offered(sizes, SIZES_MAX);

	dyntest_add(check, base, 0, BASE_PAGES, "mmap_private_%s_minor_faults", SIZE_NAME(base));
	for (i = 0; i < n; i++)
		if (size_cheap(sizes[i]) || flavour_primary())
			dyntest_add(check, sizes[i], 0, size_cheap(sizes[i]) ? HUGE_PAGES : 1,
				    "mmap_private_%s_minor_faults", SIZE_NAME(sizes[i]));
}

DYNTEST_MAIN(add_tests)
