#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: tool.sh HUGESIZE [MUSL_HUGESIZE]
# The hugesize command line on this host: usage errors exit 2 with a
# message, flags prints the right values, list agrees with sysfs, map fails
# cleanly where the host has no free pages (it never changes the pools).
# MUSL_HUGESIZE: the same tool built the way the guest builds it.
set -u
tool=$1 musl=${2:-}
. "$(dirname "$0")/../../lib/tap.sh"
# expect STATUS PATTERN ARGS...: exit status and a line of stdout+stderr.
expect() {
	local want=$1 pattern=$2 out status
	shift 2
	out=$("$tool" "$@" 2>&1)
	status=$?
	[ "$status" = "$want" ] && grep -qE -- "$pattern" <<<"$out"
	tap $? "hugesize $* -> exit $want, /$pattern/"
	[ "$status" = "$want" ] || sed 's/^/# /' <<<"$out"
}

echo "TAP version 13"
expect 0 'hugesize map SIZE \[COUNT\]' --help
expect 0 'Usage: hugesize list' -h
expect 2 'a command is needed'
expect 2 "unknown command 'frobnicate'" frobnicate
expect 2 "wrong number of arguments for 'flags'" flags
expect 2 "wrong number of arguments for 'list'" list extra
expect 2 "wrong number of arguments for 'map'" map 2M 1 1
expect 2 "'bogus' is not a size" flags bogus
expect 2 "'3M' is not a power of two" flags 3M
expect 2 'too large' flags 99999999999999999999
expect 2 "'-2M' is not a size" map -2M
expect 2 'map needs a page size' map 0
expect 2 "COUNT 'x' is not a number" map 2M x
expect 2 "COUNT '0' is not a number" map 2M 0
expect 2 "COUNT '2M' is not a number" map 2M 2M
expect 0 'MAP_HUGETLB \| MAP_HUGE_2MB += 0x54040000' flags 2M
expect 0 'SHM_HUGETLB \| SHM_HUGE_2MB += 0x54000800' flags 2048kB
expect 0 'MFD_HUGETLB \| MFD_HUGE_2MB += 0x54000004' flags 2MiB
expect 0 'MAP_HUGE_16GB += 0x88040000' flags 16G
expect 0 'MAP_HUGE_256KB += 0x48040000' flags 256K
expect 0 '\(17 << MAP_HUGE_SHIFT\) += 0x44040000' flags 128K
expect 0 'size field 0: the default' flags 0

sysfs=/sys/kernel/mm/hugepages
sizes=$(ls "$sysfs" 2>/dev/null | grep -c '^hugepages-')
if [ "$sizes" = 0 ]; then
	expect 1 'no huge page sizes' list
else
	out=$("$tool" list)
	[ $? = 0 ] && [ "$(grep -cE '^[0-9]+[KMG] ' <<<"$out")" = "$sizes" ] &&
		[ "$(grep -cE '^[0-9]+[KMG] +\*' <<<"$out")" = 1 ]
	tap $? "hugesize list shows the $sizes sizes of $sysfs, one marked default"
fi

# A size this host lacks, and mapping where no page is free: exit 1, a hint.
expect 1 'has no 16K huge pages' map 16K
free=$(cat "$sysfs/hugepages-2048kB/free_hugepages" 2>/dev/null || echo none)
case $free in
none) tap_skip "hugesize map 2M" "no 2M huge pages on this host" ;;
0) expect 1 'nr_hugepages' map 2M ;;
*) expect 0 '^ok$' map 2M ;;
esac

if [ -n "$musl" ]; then
	out=$("$musl" flags 1G 2>&1) && file -L "$musl" | grep -q 'statically linked' &&
		grep -q 'MAP_HUGE_1GB' <<<"$out"
	tap $? "the guest's build (musl-gcc -static with uapi headers) runs: flags 1G"
fi
tap_done
