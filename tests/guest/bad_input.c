/* SPDX-License-Identifier: MIT */
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

#include "hugemap.h"
#include "hugesize-probe.h"
#include "sizetest.h"

/* Size bits alone, without SHM_HUGETLB / MAP_HUGETLB: base pages, nothing reserved. */
static void ignored_without_hugetlb(struct __test_metadata *const _metadata,
				    FIXTURE_DATA(size) *self, enum hugemap_kind map_kind)
{
	struct hugemap_request req = {
		.kind = map_kind, .size_bits = (unsigned int)hugesize_flags(self->bytes),
		.len = (size_t)getpagesize(),	/* hugetlb would round it up to a page */
	};
	struct hugesize_pool now;
	struct hugemap m;
	int ret;

	SIZE_NEEDS(0);
	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
	EXPECT_EQ((unsigned long long)getpagesize(), smaps_page_size(m.view[0]));
	ASSERT_EQ(0, hugesize_pool(self->bytes, &now));
	EXPECT_EQ(self->before.resv, now.resv);
	EXPECT_EQ(0, hugemap_release(&m));
}

/* One byte more than a page: two pages reserved, the mapping is 2 pages. */
static void unaligned_length(struct __test_metadata *const _metadata, FIXTURE_DATA(size) *self,
			     enum hugemap_kind map_kind)
{
	struct hugemap_request req = {
		.kind = map_kind, .hugetlb = 1,
		.size_bits = (unsigned int)hugesize_flags(self->bytes), .len = self->bytes + 1,
	};
	struct hugesize_pool now;
	struct hugemap m;
	int ret;

	SIZE_NEEDS(2);
	ret = hugemap_create(&m, &req);
	ASSERT_EQ(0, ret) TH_LOG("%s", strerror(-ret));
	EXPECT_EQ(self->bytes, smaps_page_size(m.view[0]));
	EXPECT_EQ(self->bytes, smaps_page_size(m.view[0] + self->bytes));
	ASSERT_EQ(0, hugesize_pool(self->bytes, &now));
	EXPECT_EQ(self->before.resv + 2, now.resv);
	if (map_kind == HUGEMAP_MMAP_PRIVATE) {
		/* munmap() does not round up: that length ends inside a page. */
		EXPECT_EQ(-1, munmap(m.view[0], self->bytes + 1));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(0, munmap(m.view[0], 2 * self->bytes));
		m.view[0] = NULL;
	}
	EXPECT_EQ(0, hugemap_release(&m));
}

TEST_F(size, mmap_private_without_map_hugetlb)
{
	ignored_without_hugetlb(_metadata, self, HUGEMAP_MMAP_PRIVATE);
}

TEST_F(size, shmget_without_shm_hugetlb)
{
	ignored_without_hugetlb(_metadata, self, HUGEMAP_SHMGET);
}

/* memfd_create() refuses size bits without MFD_HUGETLB. */
TEST_F(size, memfd_without_mfd_hugetlb_einval)
{
	struct hugemap_request req = {
		.kind = HUGEMAP_MEMFD, .size_bits = (unsigned int)hugesize_flags(self->bytes),
		.len = (size_t)getpagesize(),
	};
	struct hugemap m;

	SIZE_NEEDS(0);
	EXPECT_EQ(-EINVAL, hugemap_create(&m, &req));
}

TEST_F(size, mmap_private_unaligned_length)
{
	unaligned_length(_metadata, self, HUGEMAP_MMAP_PRIVATE);
}

TEST_F(size, shmget_unaligned_length)
{
	unaligned_length(_metadata, self, HUGEMAP_SHMGET);
}

TEST_F(size, munmap_part_of_a_page_einval)
{
	struct hugemap_request req = {
		.kind = HUGEMAP_MMAP_PRIVATE, .hugetlb = 1,
		.size_bits = (unsigned int)hugesize_flags(self->bytes), .len = self->bytes,
	};
	long base = getpagesize();
	struct hugemap m;

	SIZE_NEEDS(1);
	ASSERT_EQ(0, hugemap_create(&m, &req));
	EXPECT_EQ(-1, munmap(m.view[0] + base, base));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, munmap(m.view[0] + self->bytes / 2, self->bytes / 2));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(self->bytes, smaps_page_size(m.view[0] + self->bytes - 1));
	EXPECT_EQ(0, hugemap_release(&m));
}

TEST_F(size, mmap_fixed_unaligned_address_einval)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_HUGETLB |
		    (int)hugesize_flags(self->bytes);
	size_t len = 3 * self->bytes;
	char *area, *aligned, *p;

	SIZE_NEEDS(1);
	/* Address space to aim into, ours alone: a hugetlb mapping of the
	 * same size with nothing reserved, so that it is aligned and, on the
	 * powerpc hash MMU, whose address-space slices each hold one page
	 * size, already of this size. */
	area = mmap(NULL, len, PROT_NONE, (flags & ~MAP_FIXED) | MAP_NORESERVE, -1, 0);
	ASSERT_NE(MAP_FAILED, area) TH_LOG("mmap: %s", strerror(errno));
	aligned = area;
	ASSERT_EQ(0, (uintptr_t)aligned & ((uintptr_t)self->bytes - 1));
	p = mmap(aligned + getpagesize(), self->bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(self->bytes, smaps_page_size(aligned + getpagesize())) TH_LOG("the refusal changed the area");
	/* The same at the aligned address works. */
	p = mmap(aligned, self->bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	EXPECT_EQ(aligned, p);
	EXPECT_EQ(self->bytes, smaps_page_size(aligned));
	EXPECT_EQ(0, munmap(area, len));
}

TEST_F(size, memfd_ftruncate_unaligned_einval)
{
	int fd;

	SIZE_NEEDS(0);
	fd = memfd_create("hugesize", MFD_CLOEXEC | MFD_HUGETLB |
				      (unsigned int)hugesize_flags(self->bytes));
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, ftruncate(fd, self->bytes + getpagesize()));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, ftruncate(fd, self->bytes / 2));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, ftruncate(fd, 2 * self->bytes));
	EXPECT_EQ(0, close(fd));
}

SIZE_HARNESS_MAIN(NULL)
