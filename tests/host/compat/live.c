/* SPDX-License-Identifier: MIT */
/*
 * The helpers against this machine's own /proc/meminfo and
 * /sys/kernel/mm/hugepages, compared with a plain stdio/readdir reading of
 * the same files. Read only; skips what the kernel does not have.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hugesize-compat.h>

#include "tap.h"

/* Hugepagesize from meminfo the simple way; -1 if absent. */
static long long meminfo_default(void)
{
	FILE *f = fopen(HUGESIZE_MEMINFO, "r");
	char line[4096];
	long long kb = -1;

	if (!f)
		return -1;
	while (kb < 0 && fgets(line, sizeof line, f))
		if (sscanf(line, "Hugepagesize: %lld kB", &kb) != 1)
			kb = -1;
	fclose(f);
	return kb < 0 ? -1 : kb * 1024;
}

static int ascending(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return (x > y) - (x < y);
}

/* The sizes by readdir, sorted; their count, at most max. */
static int readdir_sizes(unsigned long long *sizes, int max)
{
	DIR *dir = opendir(HUGESIZE_SYSFS_DIR);
	struct dirent *entry;
	unsigned long long kb;
	int n = 0;

	if (!dir)
		return 0;
	while ((entry = readdir(dir)) && n < max)
		if (sscanf(entry->d_name, "hugepages-%llukB", &kb) == 1)
			sizes[n++] = kb * 1024;
	closedir(dir);
	qsort(sizes, (size_t)n, sizeof *sizes, ascending);
	return n;
}

static unsigned long long counter(unsigned long long bytes, const char *name)
{
	char path[512];
	unsigned long long value = ~0ULL;
	FILE *f;

	snprintf(path, sizeof path, "%s/hugepages-%llukB/%s", HUGESIZE_SYSFS_DIR, bytes >> 10, name);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%llu", &value) != 1)
			value = ~0ULL;
		fclose(f);
	}
	return value;
}

int main(void)
{
	unsigned long long want[64], got[64];
	long long def = meminfo_default();
	int n = readdir_sizes(want, 64);

	if (def < 0) {
		tap_check(hugesize_default() == -1 && errno == ENOENT,
			  "no Hugepagesize in meminfo: hugesize_default fails with ENOENT");
	} else {
		tap_check(hugesize_default() == def, "hugesize_default() == %lld, as meminfo says", def);
	}
	tap_check(hugesize_list(NULL, 0) == n, "hugesize_list(NULL, 0) == %d, as readdir counts", n);
	tap_check(hugesize_list(got, 64) == n && memcmp(got, want, (size_t)n * sizeof *got) == 0,
		  "hugesize_list gives the sizes readdir finds, ascending");
	if (n == 0)
		tap_skip("no huge page sizes on this kernel", "the default size is one of the list");
	else
		tap_check(bsearch(&def, want, (size_t)n, sizeof *want, ascending) != NULL,
			  "the default size is one of the list");
	for (int i = 0; i < n; i++) {
		struct hugesize_pool pool;

		tap_check(hugesize_pool(want[i], &pool) == 0 &&
			  pool.nr == counter(want[i], "nr_hugepages") &&
			  pool.free == counter(want[i], "free_hugepages") &&
			  pool.resv == counter(want[i], "resv_hugepages") &&
			  pool.surplus == counter(want[i], "surplus_hugepages"),
			  "hugesize_pool(%llu kB) matches its sysfs files", want[i] >> 10);
	}
	return tap_done();
}
