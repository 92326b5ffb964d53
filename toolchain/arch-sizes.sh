#!/bin/sh
# Usage: arch-sizes.sh ARCHFILE...
# TAP: every huge page size a guest architecture must offer (ARCH_SIZES of
# its toolchain/arch/NAME.mk, which its guest compares with sysfs) is one of
# tests/lib/huge_sizes.h, the sizes check-libc-arch requires every libc on every
# architecture to name. Together the two stages tie what each guest kernel
# offers to what its C libraries name.
set -eu
[ $# -gt 0 ] || { echo "usage: arch-sizes.sh ARCHFILE..." >&2; exit 2; }
table=tests/lib/huge_sizes.h
known=$(tests/lib/huge-sizes.sh | cut -d' ' -f1)
n=0 fail=0
for f in "$@"; do
	sizes=$(sed -n 's/^ARCH_SIZES *:= *//p' "$f" | tail -n 1)
	[ -n "$sizes" ] || { n=$((n + 1)); echo "not ok $n - $f sets no ARCH_SIZES"; fail=1; }
	for s in $sizes; do
		n=$((n + 1))
		if printf '%s\n' "$known" | grep -qx "$s"; then
			echo "ok $n - $(basename "$f" .mk): $s is in $table"
		else
			echo "not ok $n - $(basename "$f" .mk): $s is not in $table"
			fail=1
		fi
	done
done
echo "1..$n"
exit $fail
