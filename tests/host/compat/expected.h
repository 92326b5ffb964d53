/*
 * What hugesize-compat.h must define, written down apart from it: every
 * size of issue 5 with the base-two log of its bytes. An X-macro list, so
 * the C checks and the shell scripts (through cpp) read the same data.
 */
#ifndef EXPECTED_H
#define EXPECTED_H

#define EXPECTED_PREFIXES(X) X(MAP) X(SHM) X(MFD)

#define EXPECTED_SIZES(X) \
	X(16KB, 14) X(64KB, 16) X(256KB, 18) X(512KB, 19) X(1MB, 20) \
	X(2MB, 21) X(4MB, 22) X(8MB, 23) X(16MB, 24) X(32MB, 25) \
	X(64MB, 26) X(128MB, 27) X(256MB, 28) X(512MB, 29) X(1GB, 30) \
	X(2GB, 31) X(16GB, 34)

#define EXPECTED_SHIFT 26
#define EXPECTED_MASK 0x3f
#define EXPECTED_SHM_HUGETLB 04000
#define EXPECTED_SHM_NORESERVE 010000
#define EXPECTED_MFD_HUGETLB 4

/* The architecture's MAP_HUGETLB; the cross-compiler cases pass theirs. */
#ifndef EXPECTED_MAP_HUGETLB
#define EXPECTED_MAP_HUGETLB 0x40000
#endif

#endif
