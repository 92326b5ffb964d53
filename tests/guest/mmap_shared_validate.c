/*
 * MAP_SHARED_VALIDATE with a hugetlb page size (kernel patch 3).
 *
 * Before the patch the flag check of MAP_SHARED_VALIDATE admitted only the
 * bits of MAP_HUGE_2MB | MAP_HUGE_1GB, and the C library sign-extends a
 * negative int flags word, so every encoding from 32 up (bit 31 set, e.g.
 * MAP_HUGE_16GB) failed with EOPNOTSUPP. Here, for every size the kernel
 * offers: a mapping by its named constant gets pages of that size from its
 * pool; no encoding of the 6-bit field is refused with EOPNOTSUPP; and when
 * mapping a hugetlb memfd (whose page size is the file's, so the field is
 * ignored) every encoding is accepted.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "smaps.h"

static unsigned long long sizes[SIZES_MAX];
static int nsizes;

/* A length every offered size divides, for the NORESERVE mappings: the
 * largest size, when the address space holds it, else the largest that
 * fits in a quarter of it (the kernel rounds the length up to the page). */
static size_t span(void)
{
	int i = nsizes - 1;

	while (i > 0 && sizes[i] > SIZE_MAX / 4)
		i--;
	return (size_t)sizes[i];
}

static void *map_validate(size_t len, unsigned int log2, int fd)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_SHARED_VALIDATE | MAP_HUGETLB | MAP_NORESERVE |
		    (fd < 0 ? MAP_ANONYMOUS : 0) | log2 << MAP_HUGE_SHIFT, fd, 0);
}

/* One page by the size's named MAP_HUGE_ constant, from that size's pool. */
static void named_size(struct __test_metadata *_metadata, const struct dyntest *t)
{
	const struct size_names *n = size_names(t->size);
	struct hugesize_pool before, mapped, after;
	size_t len = (size_t)t->size;
	char *p;

	ASSERT_NE(NULL, n) TH_LOG("no MAP_HUGE_ name for %s", SIZE_NAME(t->size));
	ASSERT_EQ(0, hugesize_pool(t->size, &before));
	if (before.free - before.resv < 1)
		SKIP(return, "no free %s page", SIZE_NAME(t->size));
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_HUGETLB | n->map, -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap: %s", strerror(errno));
	EXPECT_EQ(t->size, smaps_page_size(p));
	ASSERT_EQ(0, hugesize_pool(t->size, &mapped));
	EXPECT_EQ(before.resv + 1, mapped.resv);
	if (size_cheap(t->size)) {
		p[0] = 1;
		ASSERT_EQ(0, hugesize_pool(t->size, &mapped));
		EXPECT_EQ(before.free - 1, mapped.free);
		EXPECT_EQ(before.resv, mapped.resv);
	}
	EXPECT_EQ(0, munmap(p, len));
	ASSERT_EQ(0, hugesize_pool(t->size, &after));
	EXPECT_EQ(before.free, after.free);
	EXPECT_EQ(before.resv, after.resv);
}

/* Anonymous: each encoding maps if the size exists, else fails with EINVAL. */
static void every_encoding_anonymous(struct __test_metadata *_metadata, const struct dyntest *t)
{
	size_t len = span();
	unsigned int log2;

	(void)t;
	for (log2 = 0; log2 <= MAP_HUGE_MASK; log2++) {
		int want = log2 == 0 || size_in(sizes, nsizes, 1ULL << log2) ? 0 : EINVAL;
		void *p = map_validate(len, log2, -1);
		int err = p == MAP_FAILED ? errno : 0;

		if (p != MAP_FAILED)
			munmap(p, len);
		EXPECT_NE(EOPNOTSUPP, err) TH_LOG("size 2^%u refused by the flag check", log2);
		EXPECT_EQ(want, err) TH_LOG("size 2^%u: %s", log2, strerror(err));
	}
}

/* A hugetlb memfd has its own size: every encoding must pass the check. */
static void every_encoding_memfd(struct __test_metadata *_metadata, const struct dyntest *t)
{
	size_t len = (size_t)hugesize_default();
	unsigned int log2;
	int fd;

	(void)t;
	fd = memfd_create("shared_validate", MFD_CLOEXEC | MFD_HUGETLB);
	ASSERT_LE(0, fd) TH_LOG("memfd_create: %s", strerror(errno));
	ASSERT_EQ(0, ftruncate(fd, (off_t)len));
	for (log2 = 0; log2 <= MAP_HUGE_MASK; log2++) {
		void *p = map_validate(len, log2, fd);

		EXPECT_NE(MAP_FAILED, p) TH_LOG("size 2^%u: %s", log2, strerror(errno));
		if (p != MAP_FAILED)
			munmap(p, len);
	}
	close(fd);
}

static void add_tests(void)
{
	int i;

	nsizes = sizes_offered(sizes, SIZES_MAX);
	for (i = 0; i < nsizes; i++)
		if (sizes[i] <= SIZE_MAX / 4)
			dyntest_add(named_size, sizes[i], 0, 0, "mmap_shared_validate_%s",
				    SIZE_NAME(sizes[i]));
	dyntest_add(every_encoding_anonymous, 0, 0, 0, "mmap_shared_validate_every_size_anonymous");
	dyntest_add(every_encoding_memfd, 0, 0, 0, "mmap_shared_validate_every_size_memfd");
}

DYNTEST_MAIN(add_tests)
