/* SPDX-License-Identifier: MIT */
/*
 * Tests per huge page size: TEST_F(size, name) runs once per size of
 * tests/lib/huge_sizes.h, as the variant named after it (size.2MB.name),
 * with self->bytes that size and self->before its pool at setup; the
 * teardown expects the pool back there. SIZE_HARNESS_MAIN(keep) runs the
 * variants of the sizes the kernel offers and keep() (NULL: all) accepts,
 * through the harness's -V filter. Linux 6.1's harness has no filters and
 * runs every variant: SIZE_NEEDS skips those of the sizes not offered. On a
 * kernel that offers no size each test runs once, SKIPped by the setup.
 */
#ifndef SIZETEST_H
#define SIZETEST_H

#include <string.h>

#include "../../lib/huge_sizes.h"
#include "harness.h"
#include "hugesize-compat.h"
#include "sizes.h"

FIXTURE(size) {
	unsigned long long bytes;
	struct hugesize_pool before;
	long long avail;	/* free pages not reserved; -1: no such pool */
};

FIXTURE_VARIANT(size) {
	unsigned long long bytes;	/* 0: the base page */
};

#define SIZE_VARIANT(name, log2) FIXTURE_VARIANT_ADD(size, name) { .bytes = 1ULL << (log2) };
HUGE_SIZES(SIZE_VARIANT)

FIXTURE_SETUP(size)
{
	unsigned long long offered[HUGESIZE_SIZES_MAX];

	self->avail = -1;
	if (variant->bytes)
		SIZES_NEEDED(sizes_offered(offered, HUGESIZE_SIZES_MAX));
	self->bytes = variant->bytes ? variant->bytes : (unsigned long long)getpagesize();
	if (!hugesize_pool(self->bytes, &self->before))
		self->avail = (long long)(self->before.free - self->before.resv);
}

FIXTURE_TEARDOWN(size)
{
	struct hugesize_pool after;

	if (self->avail < 0)
		return;
	EXPECT_EQ(0, hugesize_pool(self->bytes, &after));
	EXPECT_EQ(0, memcmp(&self->before, &after, sizeof(after)))
		TH_LOG("%s pool not back where it was", SIZE_NAME(self->bytes));
}

/* In a TEST_F(size, ...): skips unless pages of the pool are free and not reserved. */
#define SIZE_NEEDS(pages) do {								\
	if (self->avail < (long long)(pages))						\
		SKIP(return, "needs %lld free %s pages, the pool has %lld",		\
		     (long long)(pages), SIZE_NAME(self->bytes), self->avail);		\
} while (0)

#define SIZE_HARNESS_MAIN(keep)						\
	int main(int argc, char **argv)					\
	{								\
		argv = size_filter(&argc, argv, keep);			\
		return test_harness_run(argc, argv);			\
	}

#endif
