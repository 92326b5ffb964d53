/* SPDX-License-Identifier: MIT */
/*
 * hugesize_list, hugesize_pool and hugesize_default against a made-up
 * sysfs and meminfo under FAKE_ROOT, where every odd case can be set up:
 * no hugetlb at all, sizes created out of order, short buffers, missing
 * and malformed files, a meminfo whose lines outgrow any read buffer.
 */
#ifndef FAKE_ROOT
#error "build with -DFAKE_ROOT='\"/an/empty/directory\"'"
#endif
#define HUGESIZE_SYSFS_DIR FAKE_ROOT "/hugepages"
#define HUGESIZE_MEMINFO FAKE_ROOT "/meminfo"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <hugesize-compat.h>

#include "tap.h"

#define ERRNO_OF(call) (errno = 0, (call) == -1 ? errno : 0)

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

/* A pool directory with its four counters; name NULL writes all four. */
static void make_pool(unsigned long long kb, const char *name, const char *text)
{
	static const char *const files[] = {
		"nr_hugepages", "free_hugepages", "resv_hugepages", "surplus_hugepages"
	};
	char path[512];

	snprintf(path, sizeof path, "%s/hugepages-%llukB", HUGESIZE_SYSFS_DIR, kb);
	mkdir(path, 0755);
	for (int i = 0; i < 4; i++) {
		if (name && strcmp(name, files[i]) != 0)
			continue;
		snprintf(path, sizeof path, "%s/hugepages-%llukB/%s", HUGESIZE_SYSFS_DIR, kb, files[i]);
		put(path, text ? text : (const char *[]){ "8\n", "5\n", "2\n", "1\n" }[i]);
	}
}

static void test_list(void)
{
	static const unsigned long long want[] = { 64 << 10, 2 << 20, 1 << 30, 16ULL << 30 };
	unsigned long long sizes[8] = { 0 };
	int n;

	tap_check(hugesize_list(NULL, 0) == 0, "no %s at all: hugesize_list counts 0",
		  HUGESIZE_SYSFS_DIR);
	mkdir(HUGESIZE_SYSFS_DIR, 0755);
	tap_check(hugesize_list(sizes, 8) == 0, "an empty directory: hugesize_list counts 0");

	/* Created out of order; listed in order. */
	make_pool(16ULL << 20, NULL, NULL);
	make_pool(2048, NULL, NULL);
	make_pool(64, NULL, NULL);
	make_pool(1 << 20, NULL, NULL);
	tap_check(hugesize_list(NULL, 0) == 4, "hugesize_list(NULL, 0) counts 4 sizes");
	n = hugesize_list(sizes, 8);
	tap_check(n == 4 && memcmp(sizes, want, sizeof want) == 0 && sizes[4] == 0,
		  "hugesize_list(sizes, 8) gives 64K 2M 1G 16G, ascending");
	memset(sizes, 0xff, sizeof sizes);
	n = hugesize_list(sizes, 2);
	tap_check(n == 4 && sizes[0] == want[0] && sizes[1] == want[1] && sizes[2] == ~0ULL,
		  "hugesize_list(sizes, 2) returns 4 and fills only 2");
	tap_check(ERRNO_OF(hugesize_list(NULL, 1)) == EINVAL, "hugesize_list(NULL, 1) fails with EINVAL");
	tap_check(ERRNO_OF(hugesize_list(sizes, -1)) == EINVAL, "hugesize_list(sizes, -1) fails with EINVAL");
}

static void test_pool(void)
{
	struct hugesize_pool pool = { 0, 0, 0, 0 };

	tap_check(hugesize_pool(2 << 20, &pool) == 0 && pool.nr == 8 && pool.free == 5 &&
		  pool.resv == 2 && pool.surplus == 1, "hugesize_pool(2M) reads nr 8 free 5 resv 2 surplus 1");
	tap_check(hugesize_pool(16ULL << 30, &pool) == 0 && pool.nr == 8,
		  "hugesize_pool(16G) finds hugepages-16777216kB");
	tap_check(ERRNO_OF(hugesize_pool(4 << 20, &pool)) == ENOENT,
		  "hugesize_pool of a size the kernel lacks fails with ENOENT");
	tap_check(ERRNO_OF(hugesize_pool(3 << 20, &pool)) == EINVAL,
		  "hugesize_pool of a size not a power of two fails with EINVAL");
	tap_check(ERRNO_OF(hugesize_pool(512, &pool)) == EINVAL,
		  "hugesize_pool of a size below 1 kB fails with EINVAL");
	tap_check(ERRNO_OF(hugesize_pool(2 << 20, NULL)) == EINVAL,
		  "hugesize_pool(2M, NULL) fails with EINVAL");

	make_pool(64, "free_hugepages", "many\n");
	tap_check(ERRNO_OF(hugesize_pool(64 << 10, &pool)) == EIO,
		  "a counter that is not a number: EIO");
	make_pool(64, "free_hugepages", "18446744073709551615\n");
	tap_check(ERRNO_OF(hugesize_pool(64 << 10, &pool)) == ERANGE,
		  "a counter past 2^63: ERANGE");
	make_pool(64, "free_hugepages", "123456789012\n");
	tap_check(hugesize_pool(64 << 10, &pool) == 0 && pool.free == 123456789012ULL,
		  "a counter past 2^32 is read whole");

	char path[512];
	snprintf(path, sizeof path, "%s/hugepages-1048576kB/resv_hugepages", HUGESIZE_SYSFS_DIR);
	remove(path);
	tap_check(ERRNO_OF(hugesize_pool(1 << 30, &pool)) == ENOENT,
		  "a missing counter file: ENOENT");
}

static void test_default(void)
{
	FILE *f;

	tap_check(ERRNO_OF(hugesize_default()) == ENOENT, "no meminfo: hugesize_default fails with ENOENT");

	put(HUGESIZE_MEMINFO, "MemTotal: 1024 kB\nHugePages_Total: 0\n");
	tap_check(ERRNO_OF(hugesize_default()) == ENOENT,
		  "meminfo without Hugepagesize: ENOENT (no hugetlb)");

	/* 300 lines of 1000 characters before the one that counts. */
	f = fopen(HUGESIZE_MEMINFO, "w");
	if (!f)
		exit(1);
	for (int i = 0; i < 300; i++)
		fprintf(f, "Filler%d: %0990d kB\n", i, i);
	fprintf(f, "Hugepagesize:    1048576 kB\nHugetlb: 0 kB\n");
	fclose(f);
	tap_check(hugesize_default() == 1 << 30,
		  "Hugepagesize after 300 KB of long lines: 1G, nothing cut short");

	put(HUGESIZE_MEMINFO, "Hugepagesize: 2048 kB");
	tap_check(hugesize_default() == 2 << 20, "Hugepagesize on a last line without newline: 2M");
}

int main(void)
{
	test_list();
	test_pool();
	test_default();
	return tap_done();
}
