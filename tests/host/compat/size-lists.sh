#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: size-lists.sh
# TAP: the places outside the constants themselves that list the named sizes
# (hugesize-compat.h's HUGESIZE_NAMED_SIZES, which the hugesize tool reads,
# the header's opening comment and its man page) list exactly the sizes of
# tests/lib/huge_sizes.h, in its order. Run from the top of the repository.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/tests/lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
pairs=$("$top/tests/lib/huge-sizes.sh")
names=$(printf '%s\n' "$pairs" | cut -d' ' -f1)

# same WHAT EXPECTED FOUND: one result, the words of FOUND against EXPECTED's.
same() {
	printf 'expected: %s\nfound:    %s\n' "$(echo $2)" "$(echo $3)" >"$log"
	[ "$(echo $3)" = "$(echo $2)" ]
	tap $? "$1 lists the sizes of tests/lib/huge_sizes.h" "$log"
}

named=$(printf '%s\n' '#include "hugesize-compat.h"' '#define X(size, log2) size log2;' 'HUGESIZE_NAMED_SIZES(X)' |
	cpp -P -I"$top/compat-header" - | tail -n 1 | tr -d ';,')
same "HUGESIZE_NAMED_SIZES (with each log2)" "$pairs" "$named"
same "hugesize-compat.h's opening comment" "$names" \
	"$(sed -n '/^ \*   <size>:/,/^ \*   MAP_HUGETLB/p' "$top/compat-header/hugesize-compat.h" |
		sed '$d; s/^ \*   <size>://; s/^ \* *//; s/,.*//')"
same "hugesize-compat(7)" "$names" \
	"$(sed -n '/^for the sizes$/,/, each$/p' "$top/compat-header/hugesize-compat.7" | sed '1d; s/, each$//')"
tap_done
