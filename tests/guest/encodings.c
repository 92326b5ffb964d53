/*
 * The errno contract of the size field: every one of the 64 encodings
 * (0..63) through mmap(), shmget() and memfd_create(), one result each. A
 * size the kernel offers (and 0, the default size) maps one page of that
 * size, reserved from that size's pool, or fails with ENOMEM when the pool
 * has no page left (arm64's 16GB is offered with an empty pool); any other
 * size fails with EINVAL from mmap() and shmget(), ENODEV from
 * memfd_create(). A call that fails takes nothing.
 */
#include <errno.h>
#include <string.h>

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "smaps.h"

static const enum hugemap_kind kinds[] = { HUGEMAP_MMAP_PRIVATE, HUGEMAP_SHMGET, HUGEMAP_MEMFD };
static const char *const kind_name[] = { "mmap", "shmget", "memfd" };

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	unsigned long long page = (unsigned long long)hugesize_default();
	struct hugemap_request req = {
		.kind = t->kind, .hugetlb = 1, .size_bits = (unsigned int)t->arg << MAP_HUGE_SHIFT,
	};
	struct hugesize_pool before, mapped = { 0 }, after;
	struct hugemap m;
	int ret;

	/* An unsupported size is tried with the default page's length. */
	req.len = t->size ? t->size : page;
	ASSERT_EQ(0, hugesize_pool(req.len, &before));
	ret = hugemap_create(&m, &req);
	if (!t->size) {
		ASSERT_EQ(t->kind == HUGEMAP_MEMFD ? -ENODEV : -EINVAL, ret)
			TH_LOG("2^%d: %s", t->arg, ret ? strerror(-ret) : "it worked");
	} else if (before.free - before.resv < 1) {
		ASSERT_EQ(-ENOMEM, ret) TH_LOG("%s pool empty: %s", SIZE_NAME(t->size),
					       ret ? strerror(-ret) : "it worked");
	} else {
		ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
		EXPECT_EQ(t->size, smaps_page_size(m.view[0]));
		ASSERT_EQ(0, hugesize_pool(t->size, &mapped));
		EXPECT_EQ(before.resv + 1, mapped.resv);
		EXPECT_EQ(0, hugemap_release(&m));
	}
	ASSERT_EQ(0, hugesize_pool(req.len, &after));
	EXPECT_EQ(0, memcmp(&before, &after, sizeof(before)));
}

static void add_tests(void)
{
	unsigned long long sizes[SIZES_MAX], dflt = hugesize_default(), size;
	int n = sizes_offered(sizes, SIZES_MAX), log2;
	size_t k;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		for (log2 = 0; log2 <= MAP_HUGE_MASK; log2++) {
			size = !log2 ? dflt : size_in(sizes, n, 1ULL << log2) ? 1ULL << log2 : 0;
			if (!log2)
				dyntest_add(check, size, kinds[k], log2, "%s_default_%s",
					    kind_name[k], SIZE_NAME(size));
			else
				dyntest_add(check, size, kinds[k], log2, "%s_%s%s", kind_name[k],
					    SIZE_NAME(1ULL << log2), size ? "" : "_unsupported");
		}
	}
}

DYNTEST_MAIN(add_tests)
