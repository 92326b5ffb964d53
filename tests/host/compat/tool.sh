#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: tool.sh HUGESIZE [MUSL_HUGESIZE [FAKE_HUGESIZE FAKE_ROOT]]
# The hugesize command line on this host: usage errors exit 2 with a
# message, flags prints the right values, list agrees with sysfs, map fails
# cleanly where the host has no free pages (it never changes the pools).
# MUSL_HUGESIZE: the same tool built the way the guest builds it.
# FAKE_HUGESIZE: the tool built to read FAKE_ROOT/{hugepages,meminfo,node}
# instead of /sys and /proc: pool and list against a made-up kernel, where a
# FIFO in place of nr_hugepages plays a kernel that grants fewer pages.
set -u
tool=$1 musl=${2:-} fake=${3:-} root=${4:-}
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
expect 2 "wrong number of arguments for 'pool'" pool 2M
expect 2 "wrong number of arguments for 'pool'" pool 2M 3 --nodes 1
expect 2 "COUNT 'x' is not a number" pool 2M x
expect 2 "node 'one' is not a number" pool 2M 3 --node one
expect 2 'pool needs a page size' pool 0 3
expect 2 "'3M' is not a power of two" pool 3M 3
expect 2 "'0' is not a length" try 0
expect 2 "wrong number of arguments for 'try'" try
expect 0 'pool SIZE COUNT \[--node N\]' --help
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

# A length smaller than any huge page: base pages, on any host.
expect 0 '^hugesize_map\(100\): base pages of [0-9]+K' try 100

if [ -n "$fake" ]; then
	# fake_pool NODE_DIR_OR_EMPTY SIZE_KB NR: a pool directory with its counters.
	fake_pool() {
		local dir=$root/${1:+node/$1/}hugepages/hugepages-$2kB
		mkdir -p "$dir"
		for f in nr_hugepages free_hugepages resv_hugepages surplus_hugepages; do
			echo 0 >"$dir/$f"
		done
		echo "$3" >"$dir/nr_hugepages"
		echo "$3" >"$dir/free_hugepages"
	}
	nr=$root/hugepages/hugepages-2048kB/nr_hugepages
	# kernel_grants BEFORE AFTER: nr_hugepages as a FIFO that reads BEFORE,
	# takes one write (kept in $root/asked), then reads AFTER.
	kernel_grants() {
		rm -f "$nr" && mkfifo "$nr"
		{ echo "$1" >"$nr"; cat "$nr" >"$root/asked"; echo "$2" >"$nr"; } &
	}
	tool=$fake
	rm -rf "$root" && mkdir -p "$root"
	echo "Hugepagesize: 2048 kB" >"$root/meminfo"
	fake_pool "" 2048 4
	fake_pool "" 1048576 1
	fake_pool node0 2048 4
	fake_pool node0 1048576 1

	expect 0 '^2M pool: 4 -> 6 pages \(asked for 6\)' pool 2M 6
	[ "$(cat "$nr")" = 6 ]
	tap $? "pool 2M 6 wrote 6 to nr_hugepages"
	kernel_grants 4 5
	expect 1 'partial: the kernel gave 5 of the 9 pages' pool 2M 9
	wait; [ "$(cat "$root/asked")" = 9 ]
	tap $? "pool 2M 9 asked the kernel for 9"
	kernel_grants 6 8
	expect 1 'partial: 2 pages are in use' pool 2MiB 6
	wait
	rm -f "$nr" && echo 4 >"$nr"
	expect 1 'has no 4M huge pages' pool 4M 1
	# Root writes a read-only file; without its capabilities it meets the
	# file's mode as a user does, wherever the build tree lies.
	as_user=
	[ "$(id -u)" = 0 ] && as_user="setpriv --inh-caps=-all --bounding-set=-all"
	chmod 0444 "$nr"
	out=$($as_user "$tool" pool 2M 8 2>&1)
	status=$?
	chmod 0644 "$nr"
	[ $status = 1 ] && grep -q 'cannot change the 2M pool: .*Permission denied' <<<"$out" &&
		grep -q 'changing a pool needs root: sudo hugesize pool 2M 8' <<<"$out" &&
		[ "$(cat "$nr")" = 4 ]
	tap $? "pool as a user: exit 1, names the file, the reason and the fix; nothing changed"
	[ $status = 1 ] || sed 's/^/# /' <<<"$out"

	out=$("$tool" list)
	! grep -q '^  node' <<<"$out"
	tap $? "list with one NUMA node: no per-node lines"
	fake_pool node1 2048 2
	fake_pool node1 1048576 0
	expect 0 '^  node1 +2 +2 +- +0$' list
	expect 0 '^  node0 +1 +1 +- +0$' list
	expect 0 '^2M pool of node 1: 2 -> 3 pages' pool 2M 3 --node 1
	[ "$(cat "$root/node/node1/hugepages/hugepages-2048kB/nr_hugepages")" = 3 ] && [ "$(cat "$nr")" = 4 ]
	tap $? "pool --node 1 wrote node1's nr_hugepages, not the global one"
	expect 1 'there is no NUMA node 7' pool 2M 3 --node 7
	tool=$1
fi

if [ -n "$musl" ]; then
	out=$("$musl" flags 1G 2>&1) && file -L "$musl" | grep -q 'statically linked' &&
		grep -q 'MAP_HUGE_1GB' <<<"$out"
	tap $? "the guest's build (musl-gcc -static with uapi headers) runs: flags 1G"
fi
tap_done
