/*
 * What the kernel answers to malformed requests, per huge page size:
 *  - size bits without MAP_HUGETLB / SHM_HUGETLB: ignored, a normal mapping
 *    of base pages; without MFD_HUGETLB memfd_create() refuses them (EINVAL)
 *  - a length that is not a multiple of the page size: rounded up to whole
 *    huge pages (mmap, shmget); munmap() with that length: EINVAL
 *  - munmap() of part of a huge page, MAP_FIXED at an address that is not
 *    aligned to the page size, ftruncate() of a hugetlb memfd to a size that
 *    is not a multiple of it: EINVAL, and nothing changes
 * Nothing here faults a page in.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "smaps.h"

static struct hugesize_pool pool(struct __test_metadata *_metadata, unsigned long long size)
{
	struct hugesize_pool p;

	ASSERT_EQ(0, hugesize_pool(size, &p));
	return p;
}

/* Size bits alone: the kernel ignores them (mmap, shmget) or refuses them. */
static void without_hugetlb(struct __test_metadata *_metadata, const struct dyntest *t,
			    enum hugemap_kind kind)
{
	struct hugemap_request req = {
		.kind = kind, .size_bits = (unsigned int)hugesize_flags(t->size),
		.len = (size_t)getpagesize(),	/* hugetlb would round it up to a page */
	};
	struct hugesize_pool before = pool(_metadata, t->size);
	struct hugemap m;
	int ret = hugemap_create(&m, &req);

	if (kind == HUGEMAP_MEMFD) {
		EXPECT_EQ(-EINVAL, ret);
	} else {
		ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
		EXPECT_EQ((unsigned long long)getpagesize(), smaps_page_size(m.view[0]));
		EXPECT_EQ(before.resv, pool(_metadata, t->size).resv);
		EXPECT_EQ(0, hugemap_release(&m));
	}
}

/* One byte more than a page: two pages reserved, the mapping is 2 pages. */
static void unaligned_length(struct __test_metadata *_metadata, const struct dyntest *t,
			     enum hugemap_kind kind)
{
	struct hugemap_request req = {
		.kind = kind, .hugetlb = 1, .size_bits = (unsigned int)hugesize_flags(t->size),
		.len = t->size + 1,
	};
	struct hugesize_pool before = pool(_metadata, t->size);
	struct hugemap m;
	int ret;

	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
	EXPECT_EQ(t->size, smaps_page_size(m.view[0]));
	EXPECT_EQ(t->size, smaps_page_size(m.view[0] + t->size));
	EXPECT_EQ(before.resv + 2, pool(_metadata, t->size).resv);
	if (kind == HUGEMAP_MMAP_PRIVATE) {
		/* munmap() does not round up: that length ends inside a page. */
		EXPECT_EQ(-1, munmap(m.view[0], t->size + 1));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(0, munmap(m.view[0], 2 * t->size));
		m.view[0] = NULL;
	}
	EXPECT_EQ(0, hugemap_release(&m));
	EXPECT_EQ(before.resv, pool(_metadata, t->size).resv);
}

static void munmap_partial(struct __test_metadata *_metadata, const struct dyntest *t,
			   enum hugemap_kind kind)
{
	struct hugemap_request req = {
		.kind = kind, .hugetlb = 1, .size_bits = (unsigned int)hugesize_flags(t->size),
		.len = t->size,
	};
	long base = getpagesize();
	struct hugemap m;

	ASSERT_EQ(0, hugemap_create(&m, &req));
	EXPECT_EQ(-1, munmap(m.view[0] + base, base));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, munmap(m.view[0] + t->size / 2, t->size / 2));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(t->size, smaps_page_size(m.view[0] + t->size - 1));
	EXPECT_EQ(0, hugemap_release(&m));
}

static void fixed_unaligned(struct __test_metadata *_metadata, const struct dyntest *t,
			    enum hugemap_kind kind)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_HUGETLB |
		    (int)hugesize_flags(t->size);
	char *area, *aligned, *p;
	size_t len = 3 * t->size;

	(void)kind;	/* mmap private */
	/* Address space to aim into: aligned inside, ours alone. */
	area = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	ASSERT_NE(MAP_FAILED, area);
	aligned = (char *)(((uintptr_t)area + (uintptr_t)t->size - 1) & ~((uintptr_t)t->size - 1));
	p = mmap(aligned + getpagesize(), t->size, PROT_READ | PROT_WRITE, flags, -1, 0);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ((unsigned long long)getpagesize(), smaps_page_size(aligned + getpagesize()));
	/* The same at the aligned address works. */
	p = mmap(aligned, t->size, PROT_READ | PROT_WRITE, flags, -1, 0);
	EXPECT_EQ(aligned, p);
	EXPECT_EQ(t->size, smaps_page_size(aligned));
	EXPECT_EQ(0, munmap(area, len));
}

static void ftruncate_unaligned(struct __test_metadata *_metadata, const struct dyntest *t,
				enum hugemap_kind kind)
{
	int fd;

	(void)kind;	/* memfd */
	fd = memfd_create("hugesize", MFD_CLOEXEC | MFD_HUGETLB |
				      (unsigned int)hugesize_flags(t->size));

	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, ftruncate(fd, t->size + getpagesize()));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, ftruncate(fd, t->size / 2));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, ftruncate(fd, 2 * t->size));
	EXPECT_EQ(0, close(fd));
}

typedef void (*bad_fn)(struct __test_metadata *_metadata, const struct dyntest *t,
		       enum hugemap_kind kind);

static const struct {
	const char *name;
	bad_fn fn;
	enum hugemap_kind kind;
	unsigned int pages;	/* free pages of the size the case reserves */
} cases[] = {
	{ "mmap_private_%s_without_map_hugetlb", without_hugetlb, HUGEMAP_MMAP_PRIVATE, 0 },
	{ "shmget_%s_without_shm_hugetlb", without_hugetlb, HUGEMAP_SHMGET, 0 },
	{ "memfd_%s_without_mfd_hugetlb_einval", without_hugetlb, HUGEMAP_MEMFD, 0 },
	{ "mmap_private_%s_unaligned_length", unaligned_length, HUGEMAP_MMAP_PRIVATE, 2 },
	{ "shmget_%s_unaligned_length", unaligned_length, HUGEMAP_SHMGET, 2 },
	{ "munmap_%s_part_of_a_page_einval", munmap_partial, HUGEMAP_MMAP_PRIVATE, 1 },
	{ "mmap_fixed_%s_unaligned_address_einval", fixed_unaligned, HUGEMAP_MMAP_PRIVATE, 1 },
	{ "memfd_%s_ftruncate_unaligned_einval", ftruncate_unaligned, HUGEMAP_MEMFD, 0 },
};

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	struct hugesize_pool before = pool(_metadata, t->size);

	if (before.free - before.resv < cases[t->arg].pages)
		SKIP(return, "needs %u free %s pages, the pool has %llu", cases[t->arg].pages,
		     SIZE_NAME(t->size), before.free - before.resv);
	cases[t->arg].fn(_metadata, t, cases[t->arg].kind);
	EXPECT_EQ(before.free, pool(_metadata, t->size).free);
	EXPECT_EQ(before.resv, pool(_metadata, t->size).resv);
}

static void add_tests(void)
{
	unsigned long long sizes[SIZES_MAX];
	int i, n = sizes_offered(sizes, SIZES_MAX);
	size_t c;

	for (i = 0; i < n; i++)
		for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
			dyntest_add(check, sizes[i], 0, (int)c, cases[c].name, SIZE_NAME(sizes[i]));
#pragma GCC diagnostic pop
		}
}

DYNTEST_MAIN(add_tests)
