/* SPDX-License-Identifier: MIT */
/*
 * The errno contract of the size field: every one of the 64 encodings
 * (0..63) through mmap(), shmget() and memfd_create(), one result each. A
 * size the kernel offers (and 0, the default size) maps one page of that
 * size, reserved from that size's pool, or fails with ENOMEM when the pool
 * has no page left (arm64's 16GB is offered with an empty pool); any other
 * size fails with EINVAL from mmap() and shmget(), ENODEV from
 * memfd_create(). A call that fails takes nothing. A kernel that offers no
 * size (s390x without EDAT) has no default size either: 0 fails with ENOENT
 * there (hugetlb_file_setup() finds no hugetlbfs mount), the others as
 * above.
 */
#include <errno.h>
#include <string.h>

#include "harness.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "hugesize-probe.h"
#include "sizes.h"

/* encoding.<log2>.<call>: one variant per value of the field, 0 to 63. */
FIXTURE(encoding) {
	unsigned long long size;	/* the page the field selects; 0: none */
	int offered;			/* how many sizes the kernel offers */
};

FIXTURE_VARIANT(encoding) {
	unsigned int log2;
};

#define ENCODING(n) FIXTURE_VARIANT_ADD(encoding, n) { .log2 = n };
#define ENCODINGS_TENS(t) ENCODING(t##0) ENCODING(t##1) ENCODING(t##2) ENCODING(t##3) \
	ENCODING(t##4) ENCODING(t##5) ENCODING(t##6) ENCODING(t##7) ENCODING(t##8) ENCODING(t##9)
ENCODINGS_TENS() ENCODINGS_TENS(1) ENCODINGS_TENS(2) ENCODINGS_TENS(3) ENCODINGS_TENS(4)
ENCODINGS_TENS(5) ENCODING(60) ENCODING(61) ENCODING(62) ENCODING(63)

FIXTURE_SETUP(encoding)
{
	unsigned long long sizes[HUGESIZE_SIZES_MAX], size = 1ULL << variant->log2;
	int n = sizes_offered(sizes, HUGESIZE_SIZES_MAX);

	self->offered = n;
	self->size = !n ? 0 : !variant->log2 ? (unsigned long long)hugesize_default() :
		     size_in(sizes, n, size) ? size : 0;
}

FIXTURE_TEARDOWN(encoding)
{
}

/* One page with the field through map_kind: mapped from the pool, ENOMEM
 * from an empty pool, or refused for an unsupported size; a call that
 * fails takes nothing. */
static void size_field(struct __test_metadata *const _metadata, FIXTURE_DATA(encoding) *self,
		       const FIXTURE_VARIANT(encoding) *variant, enum hugemap_kind map_kind)
{
	unsigned long long page = self->offered ? (unsigned long long)hugesize_default()
						: (unsigned long long)getpagesize();
	struct hugemap_request req = {
		.kind = map_kind, .hugetlb = 1,
		.size_bits = variant->log2 << MAP_HUGE_SHIFT,
		/* An unsupported size is tried with the default page's length. */
		.len = self->size ? self->size : page,
	};
	struct hugesize_pool before, mapped = { 0 }, after;
	struct hugemap m;
	int ret;

	if (!self->offered) {
		/* No pool to compare: the answer alone. */
		ret = hugemap_create(&m, &req);
		ASSERT_EQ(!variant->log2 ? -ENOENT :
			  map_kind == HUGEMAP_MEMFD ? -ENODEV : -EINVAL, ret)
			TH_LOG("2^%u, no sizes: %s", variant->log2,
			       ret ? strerror(-ret) : "it worked");
		return;
	}
	ASSERT_EQ(0, hugesize_pool(req.len, &before));
	ret = hugemap_create(&m, &req);
	if (!self->size) {
		ASSERT_EQ(map_kind == HUGEMAP_MEMFD ? -ENODEV : -EINVAL, ret)
			TH_LOG("2^%u: %s", variant->log2, ret ? strerror(-ret) : "it worked");
	} else if (before.free - before.resv < 1) {
		ASSERT_EQ(-ENOMEM, ret) TH_LOG("%s pool empty: %s", SIZE_NAME(self->size),
					       ret ? strerror(-ret) : "it worked");
	} else {
		ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
		EXPECT_EQ(self->size, smaps_page_size(m.view[0]));
		ASSERT_EQ(0, hugesize_pool(self->size, &mapped));
		EXPECT_EQ(before.resv + 1, mapped.resv);
		EXPECT_EQ(0, hugemap_release(&m));
	}
	ASSERT_EQ(0, hugesize_pool(req.len, &after));
	EXPECT_EQ(0, memcmp(&before, &after, sizeof(before)));
}

TEST_F(encoding, mmap)
{
	size_field(_metadata, self, variant, HUGEMAP_MMAP_PRIVATE);
}

TEST_F(encoding, shmget)
{
	size_field(_metadata, self, variant, HUGEMAP_SHMGET);
}

TEST_F(encoding, memfd)
{
	size_field(_metadata, self, variant, HUGEMAP_MEMFD);
}

TEST_HARNESS_MAIN
