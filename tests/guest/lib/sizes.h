/* SPDX-License-Identifier: MIT */
#ifndef SIZES_H
#define SIZES_H

#include "hugesize-compat.h"

/* The huge page sizes the running kernel offers (sysfs), ascending; none
 * (0) where the kernel registers none (s390x without EDAT: no
 * /sys/kernel/mm/hugepages); exits the program when there are more than max
 * (HUGESIZE_SIZES_MAX holds every size there can be). */
int sizes_offered(unsigned long long *sizes, int max);

/* In a TEST or a FIXTURE_SETUP: skips, with the reason, when n (of
 * sizes_offered) is 0; a test that holds without huge pages does not use it. */
#define SIZES_NONE_REASON "no huge page sizes in sysfs"
#define SIZES_NEEDED(n) do {							\
	if (!(n))								\
		SKIP(return, SIZES_NONE_REASON);				\
} while (0)

/* In a TEST: skips, with the reason, when the kernel has no default huge
 * page size (dflt, of hugesize_default(), not above 0). */
#define DEFAULT_SIZE_NEEDED(dflt) do {						\
	if ((dflt) <= 0)							\
		SKIP(return, SIZES_NONE_REASON ": no Hugepagesize in /proc/meminfo"); \
} while (0)

/* Whether bytes is one of the n sizes of sizes[] (as sizes_offered gives). */
int size_in(const unsigned long long *sizes, int n, unsigned long long bytes);

/* "2MB", "1GB", "64KB", "16EB": bytes by its largest binary unit. */
const char *size_name(unsigned long long bytes, char *buf, unsigned long len);
#define SIZE_NAME(bytes) size_name((bytes), (char[24]){ 0 }, 24)

/* The libc's (or hugesize-compat.h's) named constants for a size of
 * tests/lib/huge_sizes.h; NULL for a size not in the table. */
struct size_names {
	const char *name;	/* "2MB": the suffix of the names */
	unsigned long long bytes;
	unsigned int map, shm, mfd;
};
const struct size_names *size_names(unsigned long long bytes);

/*
 * argv for kselftest_harness.h's test_harness_run(): argv with a filter
 * -V NAME before its options for each size of the table that the kernel
 * does not offer or keep() (when not NULL) refuses; the variants of
 * sizetest.h are named after the sizes. Updates *argc. A kernel that offers
 * no size keeps the table's first size, so that each test runs once and
 * sizetest.h's setup SKIPs it with SIZES_NONE_REASON.
 */
char **size_filter(int *argc, char **argv, int (*keep)(unsigned long long bytes));

/* A page small enough to fault in freely; a gigantic page (1 GB) is zeroed
 * at first touch, which takes seconds under TCG. */
int size_cheap(unsigned long long bytes);

/*
 * The patched-musl build (the program without a .flavour suffix). Only it
 * faults in gigantic pages; the other builds check what shows without a
 * fault (reservation, KernelPageSize).
 */
int flavour_primary(void);

#endif
