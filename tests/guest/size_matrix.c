/* SPDX-License-Identifier: MIT */
/*
 * Every huge page size the kernel offers × every way to get such pages
 * (private and shared anonymous mmap, shmget + shmat, memfd_create + mmap,
 * a file on a hugetlbfs mount) × every way to name the size: the libc's
 * named constant (hugetlbfs: pagesize=2M), the encoding hugesize_flags()
 * computes (hugetlbfs: pagesize=<bytes>), and 0 / no option for the
 * default size. Each case: the pages are reserved at map time and come
 * from that size's pool (KernelPageSize), a touch takes exactly one page,
 * and the release gives everything back.
 *
 * Gigantic pages are faulted only once (hugetlbfs, named, patched-musl
 * build): the kernel's hugetlb-pagesize selftest already faults one per
 * syscall. Their other cases check the reservation and KernelPageSize.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hugemap.h"
#include "hugesize-probe.h"
#include "sizetest.h"

enum naming { NAMED, ENCODED, DEFAULT };

/* hugetlbfs takes the size as text: "2M" by name, "2097152" encoded. */
static const char *pagesize_option(enum naming naming, unsigned long long size,
				   char *buf, size_t len)
{
	if (naming == DEFAULT)
		return NULL;
	if (naming == ENCODED)
		snprintf(buf, len, "%llu", size);
	else
		buf[strlen(size_name(size, buf, len)) - 1] = '\0';	/* "2MB" -> "2M" */
	return buf;
}

/* Pages of bytes made as map_kind with the size named as naming: reserved
 * at map time from that size's pool, a touch takes one, the release gives
 * everything back. */
static void matrix(struct __test_metadata *const _metadata, enum hugemap_kind map_kind,
		   enum naming naming, unsigned long long bytes)
{
	unsigned long long pages = size_cheap(bytes) ? 2 : 1;
	struct hugemap_request req = { .kind = map_kind, .hugetlb = 1 };
	struct hugesize_pool before, mapped, touched, after;
	const struct size_names *names = size_names(bytes);
	struct hugemap m;
	char option[32];
	int ret;

	if (map_kind != HUGEMAP_HUGETLBFS && naming == NAMED) {
		ASSERT_NE(NULL, names)
			TH_LOG("no MAP_/SHM_/MFD_HUGE_ name for %s", SIZE_NAME(bytes));
		req.size_bits = map_kind == HUGEMAP_SHMGET ? names->shm :
				map_kind == HUGEMAP_MEMFD ? names->mfd : names->map;
	} else if (map_kind != HUGEMAP_HUGETLBFS && naming == ENCODED) {
		req.size_bits = (unsigned int)hugesize_flags(bytes);
	}
	req.pagesize = pagesize_option(naming, bytes, option, sizeof(option));
	req.len = pages * bytes;

	ASSERT_EQ(0, hugesize_pool(bytes, &before));
	if (before.free - before.resv < pages)
		SKIP(return, "%s pool: %llu free, %llu reserved; %llu pages needed",
		     SIZE_NAME(bytes), before.free, before.resv, pages);

	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s: %s", hugemap_kind_name(map_kind), strerror(-ret));
	ASSERT_EQ(0, hugesize_pool(bytes, &mapped));
	EXPECT_EQ(before.resv + pages, mapped.resv);
	EXPECT_EQ(before.free, mapped.free);
	EXPECT_EQ(bytes, smaps_page_size(m.view[0]));

	/* A gigantic page once: hugetlbfs, named, patched-musl build. */
	if (size_cheap(bytes) ||
	    (flavour_primary() && map_kind == HUGEMAP_HUGETLBFS && naming == NAMED)) {
		m.view[0][0] = 1;
		ASSERT_EQ(0, hugesize_pool(bytes, &touched));
		EXPECT_EQ(before.free - 1, touched.free);
		EXPECT_EQ(before.resv + pages - 1, touched.resv);
	}

	EXPECT_EQ(0, hugemap_release(&m));
	ASSERT_EQ(0, hugesize_pool(bytes, &after));
	EXPECT_EQ(before.free, after.free);
	EXPECT_EQ(before.resv, after.resv);
}

/* The variant's size: skipped where the kernel has no such pool. */
static void matrix_size(struct __test_metadata *const _metadata, FIXTURE_DATA(size) *self,
			enum hugemap_kind map_kind, enum naming naming)
{
	SIZE_NEEDS(0);
	matrix(_metadata, map_kind, naming, self->bytes);
}

/* The default size: skipped where the kernel has none. */
static void matrix_default(struct __test_metadata *const _metadata, enum hugemap_kind map_kind)
{
	DEFAULT_SIZE_NEEDED(hugesize_default());
	matrix(_metadata, map_kind, DEFAULT, (unsigned long long)hugesize_default());
}

/* Per size named and encoded; the default size by 0 / no pagesize=. */
#define MATRIX_TESTS(name, map_kind)							\
	TEST_F(size, name##_named) { matrix_size(_metadata, self, map_kind, NAMED); }	\
	TEST_F(size, name##_encoded) { matrix_size(_metadata, self, map_kind, ENCODED); } \
	TEST(name##_default) { matrix_default(_metadata, map_kind); }

MATRIX_TESTS(mmap_private, HUGEMAP_MMAP_PRIVATE)
MATRIX_TESTS(mmap_shared, HUGEMAP_MMAP_SHARED)
MATRIX_TESTS(shmget, HUGEMAP_SHMGET)
MATRIX_TESTS(memfd, HUGEMAP_MEMFD)
MATRIX_TESTS(hugetlbfs, HUGEMAP_HUGETLBFS)

SIZE_HARNESS_MAIN(NULL)
