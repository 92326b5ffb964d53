/* SPDX-License-Identifier: MIT */
/*
 * What hugesize-compat.h must define, written down apart from it: every
 * size of tests/lib/huge_sizes.h, the prefixes and the flag bits around them. X-macro
 * lists, so the C checks and the shell scripts (through cpp) read the same
 * data.
 */
#ifndef EXPECTED_H
#define EXPECTED_H

#include "../../lib/huge_sizes.h"

#define EXPECTED_PREFIXES(X) X(MAP) X(SHM) X(MFD)

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
