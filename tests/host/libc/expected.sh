#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: expected.sh
# Prints "NAME VALUE" for every huge page constant whose value is the same on
# all architectures (MAP_HUGETLB is not: the kernel's is the reference), in
# the format of macros.sh, from the size table of tests/lib/huge_sizes.h.
set -eu
"$(dirname "$0")/../../lib/huge-sizes.sh" | awk '{
	for (i = 1; i <= 3; i++)
		printf "%s_HUGE_%s 0x%x\n", substr("MAPSHMMFD", 3 * i - 2, 3), $1, $2 * 67108864
}
END {
	for (i = 1; i <= 3; i++) {
		p = substr("MAPSHMMFD", 3 * i - 2, 3)
		printf "%s_HUGE_SHIFT 0x1a\n%s_HUGE_MASK 0x3f\n", p, p
	}
	print "SHM_HUGETLB 0x800"
	print "MFD_HUGETLB 0x4"
}' | LC_ALL=C sort
