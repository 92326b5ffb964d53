// SPDX-License-Identifier: GPL-2.0
/*
 * MAP_SHARED_VALIDATE with a hugetlb page size (kernel patch 3).
 *
 * Before the patch, the flag check of MAP_SHARED_VALIDATE admitted only the
 * bits of MAP_HUGE_2MB | MAP_HUGE_1GB, and the C library sign-extends a
 * negative int flags word, so every encoding from 32 up (bit 31 set, e.g.
 * MAP_HUGE_16GB) failed with EOPNOTSUPP.  Here: 2MB and 1GB still map and
 * really get pages of that size, no encoding of the 6-bit field is refused
 * with EOPNOTSUPP, and when mapping a hugetlb memfd (whose page size is the
 * file's, so the field is ignored) every encoding is accepted.  On x86-64,
 * where anonymous mappings fail earlier with EINVAL for sizes above 1GB, the
 * memfd case is the one that fails without the patch.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The harness has unused parameters, which -Wextra builds would reject. */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "kselftest_harness.h"

#define HUGEPAGES "/sys/kernel/mm/hugepages"

/* A multiple of every size up to 1GB; MAP_NORESERVE keeps it from the pools. */
#define SPAN (1024UL * 1024 * 1024)

static long read_long(const char *fmt, unsigned long kb)
{
	char path[128];
	long val = -1;
	FILE *f;

	snprintf(path, sizeof(path), fmt, kb);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &val) != 1)
		val = -1;
	fclose(f);
	return val;
}

static long free_pages(unsigned long kb)
{
	return read_long(HUGEPAGES "/hugepages-%lukB/free_hugepages", kb);
}

/* Does the kernel have a pool of 2^shift byte pages? */
static int have_size(unsigned int shift)
{
	return shift >= 10 && shift < 64 &&
	       read_long(HUGEPAGES "/hugepages-%lukB/nr_hugepages", 1UL << (shift - 10)) >= 0;
}

/* KernelPageSize, in kB, of the mapping that holds addr. */
static long kernel_page_kb(void *addr)
{
	unsigned long start, end, a = (unsigned long)addr;
	char line[512];
	long kb = -1;
	int in = 0;
	FILE *f;

	f = fopen("/proc/self/smaps", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2)
			in = start <= a && a < end;
		else if (in && sscanf(line, "KernelPageSize: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

static void map_one_page(struct __test_metadata *_metadata, unsigned long kb, int size_flag)
{
	size_t len = kb * 1024;
	long before = free_pages(kb);
	char *p;

	if (before < 1)
		SKIP(return, "no free %lu kB page", kb);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_HUGETLB | size_flag, -1, 0);
	ASSERT_NE(MAP_FAILED, p) {
		TH_LOG("mmap: %s", strerror(errno));
	}
	p[0] = 1;
	EXPECT_EQ((long)kb, kernel_page_kb(p));
	EXPECT_EQ(before - 1, free_pages(kb));
	EXPECT_EQ(0, munmap(p, len));
	EXPECT_EQ(before, free_pages(kb));
}

TEST(mmap_shared_validate_2MB)
{
	map_one_page(_metadata, 2048, MAP_HUGE_2MB);
}

TEST(mmap_shared_validate_1GB)
{
	map_one_page(_metadata, 1024 * 1024, MAP_HUGE_1GB);
}

/* Anonymous: each encoding maps if the size exists, else fails with EINVAL. */
TEST(mmap_shared_validate_every_size_anonymous)
{
	unsigned int shift;

	for (shift = 0; shift <= MAP_HUGE_MASK; shift++) {
		int want = (shift == 0 || have_size(shift)) ? 0 : EINVAL;
		void *p;
		int err;

		p = mmap(NULL, SPAN, PROT_READ | PROT_WRITE,
			 MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_NORESERVE |
			 shift << MAP_HUGE_SHIFT, -1, 0);
		err = p == MAP_FAILED ? errno : 0;
		if (p != MAP_FAILED)
			munmap(p, SPAN);
		EXPECT_NE(EOPNOTSUPP, err) {
			TH_LOG("size 2^%u refused by the flag check", shift);
		}
		EXPECT_EQ(want, err) {
			TH_LOG("size 2^%u: %s", shift, strerror(err));
		}
	}
}

/* A hugetlb memfd has its own size: every encoding must pass the check. */
TEST(mmap_shared_validate_every_size_memfd)
{
	unsigned int shift;
	int fd;

	fd = memfd_create("shared_validate", MFD_CLOEXEC | MFD_HUGETLB);
	ASSERT_LE(0, fd) {
		TH_LOG("memfd_create: %s", strerror(errno));
	}
	ASSERT_EQ(0, ftruncate(fd, SPAN));
	for (shift = 0; shift <= MAP_HUGE_MASK; shift++) {
		void *p = mmap(NULL, SPAN, PROT_READ | PROT_WRITE,
			       MAP_SHARED_VALIDATE | MAP_HUGETLB | MAP_NORESERVE |
			       shift << MAP_HUGE_SHIFT, fd, 0);

		EXPECT_NE(MAP_FAILED, p) {
			TH_LOG("size 2^%u: %s", shift, strerror(errno));
		}
		if (p != MAP_FAILED)
			munmap(p, SPAN);
	}
	close(fd);
}

TEST_HARNESS_MAIN
