/* SPDX-License-Identifier: MIT */
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

#include "hugemap.h"
#include "hugesize-probe.h"
#include "sizetest.h"

/* A length every offered size divides, for the NORESERVE mappings: the
 * largest size, when the address space holds it, else the largest that
 * fits in a quarter of it (the kernel rounds the length up to the page). */
static size_t span(const unsigned long long *sizes, int n)
{
	int i = n - 1;

	if (!n)
		return (size_t)getpagesize();
	while (i > 0 && sizes[i] > SIZE_MAX / 4)
		i--;
	return (size_t)sizes[i];
}

static void *map_validate(size_t len, unsigned int log2, int fd)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED_VALIDATE | MAP_HUGETLB | MAP_NORESERVE |
		       (fd < 0 ? MAP_ANONYMOUS : 0) | log2 << MAP_HUGE_SHIFT, fd, 0);

	hugemap_check_aligned(p, "mmap(MAP_SHARED_VALIDATE)");
	return p;
}

/* One page by the size's named MAP_HUGE_ constant, from that size's pool. */
TEST_F(size, mmap_shared_validate)
{
	const struct size_names *n = size_names(self->bytes);
	struct hugesize_pool mapped;
	size_t len = (size_t)self->bytes;
	char *p;

	ASSERT_NE(NULL, n) TH_LOG("no MAP_HUGE_ name for %s", SIZE_NAME(self->bytes));
	SIZE_NEEDS(1);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_HUGETLB | n->map, -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap: %s", strerror(errno));
	hugemap_check_aligned(p, "mmap(MAP_SHARED_VALIDATE | MAP_ANONYMOUS)");
	EXPECT_EQ(self->bytes, smaps_page_size(p));
	ASSERT_EQ(0, hugesize_pool(self->bytes, &mapped));
	EXPECT_EQ(self->before.resv + 1, mapped.resv);
	if (size_cheap(self->bytes)) {
		p[0] = 1;
		ASSERT_EQ(0, hugesize_pool(self->bytes, &mapped));
		EXPECT_EQ(self->before.free - 1, mapped.free);
		EXPECT_EQ(self->before.resv, mapped.resv);
	}
	EXPECT_EQ(0, munmap(p, len));
}

/* Anonymous: each encoding maps if the size exists, else fails with EINVAL.
 * A kernel with no size at all has no default either: 0 fails with ENOENT
 * (hugetlb_file_setup() finds no hugetlbfs mount), never EOPNOTSUPP. */
TEST(mmap_shared_validate_every_size_anonymous)
{
	unsigned long long sizes[HUGESIZE_SIZES_MAX];
	int n = sizes_offered(sizes, HUGESIZE_SIZES_MAX);
	size_t len = span(sizes, n);
	unsigned int log2;

	for (log2 = 0; log2 <= MAP_HUGE_MASK; log2++) {
		int want = log2 == 0 ? (n ? 0 : ENOENT) : size_in(sizes, n, 1ULL << log2) ? 0 : EINVAL;
		void *p = map_validate(len, log2, -1);
		int err = p == MAP_FAILED ? errno : 0;

		if (p != MAP_FAILED)
			munmap(p, len);
		EXPECT_NE(EOPNOTSUPP, err) TH_LOG("size 2^%u refused by the flag check", log2);
		EXPECT_EQ(want, err) TH_LOG("size 2^%u: %s", log2, strerror(err));
	}
}

/* A hugetlb memfd has its own size: every encoding must pass the check. */
TEST(mmap_shared_validate_every_size_memfd)
{
	long long dflt = hugesize_default();
	size_t len = (size_t)dflt;
	unsigned int log2;
	int fd;

	DEFAULT_SIZE_NEEDED(dflt);
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

/* A page the address space holds. */
static int mappable(unsigned long long bytes)
{
	return bytes <= SIZE_MAX / 4;
}

SIZE_HARNESS_MAIN(mappable)
