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

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "smaps.h"

enum naming { NAMED, ENCODED, DEFAULT, NAMINGS };
static const char *const naming_name[NAMINGS] = { "named", "encoded", "default" };

static unsigned int named_bits(struct __test_metadata *_metadata,
			       enum hugemap_kind kind, unsigned long long size)
{
	const struct size_names *n = size_names(size);

	ASSERT_NE(NULL, n) TH_LOG("no MAP_/SHM_/MFD_HUGE_ name for %s", SIZE_NAME(size));
	return kind == HUGEMAP_SHMGET ? n->shm : kind == HUGEMAP_MEMFD ? n->mfd : n->map;
}

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

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	struct hugemap_request req = { .kind = t->kind, .hugetlb = 1 };
	struct hugesize_pool before, mapped, touched, after;
	int touch = size_cheap(t->size) ||
		    (flavour_primary() && t->kind == HUGEMAP_HUGETLBFS && t->arg == NAMED);
	unsigned long long pages = size_cheap(t->size) ? 2 : 1;
	struct hugemap m;
	char option[32];
	int ret;

	if (t->kind != HUGEMAP_HUGETLBFS && t->arg != DEFAULT)
		req.size_bits = t->arg == NAMED ? named_bits(_metadata, t->kind, t->size)
						: (unsigned int)hugesize_flags(t->size);
	req.pagesize = pagesize_option(t->arg, t->size, option, sizeof(option));
	req.len = pages * t->size;

	ASSERT_EQ(0, hugesize_pool(t->size, &before));
	if (before.free - before.resv < pages)
		SKIP(return, "%s pool: %llu free, %llu reserved; %llu pages needed", SIZE_NAME(t->size),
		     before.free, before.resv, pages);

	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s: %s", hugemap_kind_name(t->kind), strerror(-ret));
	ASSERT_EQ(0, hugesize_pool(t->size, &mapped));
	EXPECT_EQ(before.resv + pages, mapped.resv);
	EXPECT_EQ(before.free, mapped.free);
	EXPECT_EQ(t->size, smaps_page_size(m.view[0]));

	if (touch) {
		m.view[0][0] = 1;
		ASSERT_EQ(0, hugesize_pool(t->size, &touched));
		EXPECT_EQ(before.free - 1, touched.free);
		EXPECT_EQ(before.resv + pages - 1, touched.resv);
	}

	EXPECT_EQ(0, hugemap_release(&m));
	ASSERT_EQ(0, hugesize_pool(t->size, &after));
	EXPECT_EQ(before.free, after.free);
	EXPECT_EQ(before.resv, after.resv);
}

static void add_tests(void)
{
	unsigned long long sizes[SIZES_MAX], dflt = hugesize_default();
	int i, n = sizes_offered(sizes, SIZES_MAX);
	enum hugemap_kind kind;
	enum naming naming;

	for (i = 0; i < n; i++)
		for (kind = 0; kind < HUGEMAP_KINDS; kind++)
			for (naming = 0; naming < NAMINGS; naming++)
				if (naming != DEFAULT || sizes[i] == dflt)
					dyntest_add(check, sizes[i], kind, naming, "%s_%s_%s",
						    hugemap_kind_name(kind), SIZE_NAME(sizes[i]),
						    naming_name[naming]);
}

DYNTEST_MAIN(add_tests)
