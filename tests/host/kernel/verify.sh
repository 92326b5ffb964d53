#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: verify.sh TREE:SERIES:UAPI... -- ARCH...
#
# TAP on the kernel series, read from the kernel pipeline's own outputs
# (toolchain/kernel/kernel.mk): for each patched TREE,
#   - every patch of SERIES is the one the tree was patched with, which
#     toolchain/lib/apply-series.sh applied with no fuzz;
#   - scripts/checkpatch.pl --strict --no-signoff reports nothing on each
#     patch (once per patch file, from the first tree whose series names it;
#     the sign-off is the submitter's, added at export). Debian's
#     linux-source has no git history, so a Fixes: hash cannot be looked
#     up there: UNKNOWN_COMMIT_ID is left out, and said so;
#   - for each ARCH, the uapi headers installed under UAPI/ARCH define every
#     MAP_HUGE_, SHM_HUGE_ and MFD_HUGE_ size of tests/lib/huge_sizes.h with
#     its log2 << 26 value.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/tests/lib/tap.sh"
trees=
while [ $# -gt 0 ] && [ "$1" != -- ]; do trees="$trees $1"; shift; done
[ $# -gt 1 ] && [ -n "$trees" ] || { sed -n '2,/^set/{/^set/d;/SPDX/d;s/^# \{0,1\}//;p}' "$0" >&2; exit 2; }
shift
arches=$*
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

patches() { "$top/toolchain/lib/series.sh" "$1"; }

# probe.c: each name must exist and equal log2(size) << 26.
{
	echo '#include <linux/mman.h>'
	echo '#include <linux/shm.h>'
	echo '#include <linux/memfd.h>'
	"$top/tests/lib/huge-sizes.sh" | while read -r size log2; do
		for f in MAP SHM MFD; do
			echo "_Static_assert(${f}_HUGE_$size == ${log2}U << 26, \"${f}_HUGE_$size\");"
		done
	done
	for f in MAP SHM MFD; do
		echo "_Static_assert(${f}_HUGE_SHIFT == 26 && ${f}_HUGE_MASK == 0x3f, \"${f}_HUGE_SHIFT/MASK\");"
	done
} >"$work/probe.c"
# <linux/shm.h> pulls in <unistd.h>, which the probe does not need.
mkdir -p "$work/stub" && : >"$work/stub/unistd.h"

echo "TAP version 13"
for t in $trees; do
	tree=${t%%:*} series=${t#*:} series=${series%%:*}
	: >"$work/log"
	status=0
	for p in $(patches "$series"); do
		cmp "$(dirname "$series")/$p" "$tree/.hugesize/$p" >>"$work/log" 2>&1 || status=1
	done
	[ $status = 0 ] || echo "the tree was not patched with this series: make kernel" >>"$work/log"
	tap $status "apply-$(basename "$tree"): $series applies with no fuzz" "$work/log"
done

checked=
for t in $trees; do
	tree=${t%%:*} series=${t#*:} series=${series%%:*}
	for p in $(patches "$series"); do
		file=$(realpath "$(dirname "$series")/$p")
		case " $checked " in *" $file "*) continue ;; esac
		checked="$checked $file"
		# /usr/bin first: the system python3 has the modules spdxcheck.py needs.
		# --no-signoff: a stored patch has none; the submitter's is added at
		# export (toolchain/outgoing), once they certify the DCO.
		(cd "$tree" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict --no-signoff \
			--ignore UNKNOWN_COMMIT_ID "$file") >"$work/log" 2>&1
		grep -q '^total: 0 errors, 0 warnings, 0 checks' "$work/log"
		tap $? "checkpatch-$p$(grep -q '^Fixes: ' "$file" && echo ' (Fixes: hash not looked up: no git history)')" "$work/log"
	done
done

for t in $trees; do
	tree=${t%%:*} uapi=${t##*:}
	for a in $arches; do
		gcc -fsyntax-only -std=gnu11 -nostdinc -isystem "$uapi/$a/include" \
			-isystem "$work/stub" "$work/probe.c" >"$work/log" 2>&1
		tap $? "headers-$(basename "$tree")-$a: every size at log2 << 26" "$work/log"
	done
done
tap_done
