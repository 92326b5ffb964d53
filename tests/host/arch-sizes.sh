#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: arch-sizes.sh ARCH=SIZE,SIZE... (or ARCH=none)
# TAP: every huge page size a guest architecture must offer (SIZES_A of
# its toolchain/arch/ARCH.mk, which its guest compares with sysfs) is one of
# tests/lib/huge_sizes.h, the sizes check-libc-arch requires every libc on
# every architecture to name. Together the two stages tie what each guest
# kernel offers to what its C libraries name. SIZES_A "none" says the
# guest offers no size (its guest checks that sysfs lists none); an empty
# SIZES_A is a table that forgot them.
set -u
here=$(dirname "$0")
. "$here/../lib/tap.sh"
[ $# -gt 0 ] || { echo "usage: arch-sizes.sh ARCH=SIZE,SIZE..." >&2; exit 2; }
known=$("$here/../lib/huge-sizes.sh" | cut -d' ' -f1)
for a in "$@"; do
	arch=${a%%=*} sizes=$(echo "${a#*=}" | tr , ' ')
	[ -n "$sizes" ] || tap 1 "$arch sets no SIZES_A"
	if [ "$sizes" = none ]; then
		tap 0 "$arch: offers no huge page size (SIZES_A none)"
		continue
	fi
	for s in $sizes; do
		printf '%s\n' "$known" | grep -qx "$s"
		tap $? "$arch: $s is in tests/lib/huge_sizes.h"
	done
done
tap_done
