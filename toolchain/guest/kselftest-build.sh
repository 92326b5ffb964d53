#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: kselftest-build.sh KSRC CC UAPI_INCLUDE OUT
# Builds, statically with CC, the hugetlb category of the mm selftests of the
# kernel tree KSRC (tools/testing/selftests/mm, or vm before 6.3) into OUT,
# with that tree's own Makefile and the uapi headers UAPI_INCLUDE: the C
# programs that run_vmtests.sh runs as CATEGORY="hugetlb", the ones their
# scripts call, run_vmtests.sh itself and the scripts. On a tree whose
# run_vmtests.sh has no categories (6.1), the programs of its hugetlb block:
# from the hugetlbfs mount to the "NOTE: The above hugetlb tests" line.
# CC is a glibc compiler, as the selftests expect: write_hugetlb_memory.sh
# passes empty arguments before options, which GNU getopt skips and musl's
# POSIX getopt stops at; 6.1's hugetlb-madvise.c asks for glibc's internal
# __USE_GNU.
set -eu
usage="usage: kselftest-build.sh KSRC CC UAPI_INCLUDE OUT"
ksrc=$(realpath "${1:?$usage}")
cc=${2:?$usage}
uapi=$(realpath "${3:?$usage}")
out=$(realpath -m "${4:?$usage}")
dir=$ksrc/tools/testing/selftests/mm
[ -d "$dir" ] || dir=$ksrc/tools/testing/selftests/vm
[ -f "$dir/run_vmtests.sh" ] || { echo "error: $ksrc has no mm selftests with a run_vmtests.sh" >&2; exit 1; }

if grep -q '^CATEGORY="hugetlb"' "$dir/run_vmtests.sh"; then
	listed=$(sed -n 's/^CATEGORY="hugetlb" run_test \.\/\([^ ]*\).*/\1/p' "$dir/run_vmtests.sh")
else
	listed=$(sed -n '/^mount -t hugetlbfs/,/NOTE: The above hugetlb tests/s/^run_test \.\/\([^ ]*\).*/\1/p' \
		"$dir/run_vmtests.sh")
fi
[ -n "$listed" ] || { echo "error: found no hugetlb tests in $dir/run_vmtests.sh" >&2; exit 1; }
programs=
for t in $listed; do
	case $t in
	*.sh) programs="$programs $(grep -ho '\./[A-Za-z0-9_-]*' "$dir/$t" | sed 's|^\./||')" ;;
	*) programs="$programs $t" ;;
	esac
done
targets=
for p in $(echo "$programs" | tr ' ' '\n' | sort -u); do
	[ -f "$dir/$p.c" ] && targets="$targets $out/$p"
done

rm -rf "$out" && mkdir -p "$out"
# CROSS_COMPILE too: the Makefile takes its ARCH from it.
# shellcheck disable=SC2086 # a list of targets
make -s -C "$dir" OUTPUT="$out" CC="$cc" CROSS_COMPILE="${cc%gcc}" LDFLAGS=-static \
	KHDR_INCLUDES="-isystem $uapi" $targets
cp "$dir"/*.sh "$out/"

# The tests that cannot give a true result in our guest, one "NAME REASON"
# a line: tests/guest/kselftest/kselftest-hugetlb puts a stand-in in their
# place that says why and skips (doc/known-bugs.md).
{
	[ ! -f "$dir/charge_reserved_hugetlb.sh" ] ||
		echo "charge_reserved_hugetlb.sh finds and stops its writers with pgrep and killall --wait" \
			"(procps, psmisc), which the guest's busybox does not have"
	if grep -q 'aligned up to huge page size' "$dir/hugetlb-madvise.c" 2>/dev/null &&
	   grep -q 'ALIGN_DOWN(\*end, huge_page_size' "$ksrc/mm/madvise.c"; then
		echo "hugetlb-madvise expects MADV_DONTNEED to round the length up to the huge page;" \
			"this tree's mm/madvise.c rounds it down (a stable fix without its selftest update)"
	fi
} >"$out/cannot-run"
