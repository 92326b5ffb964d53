#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: check-arch.sh UAPI MUSL [TRIPLET=ROOT...]
# The per-architecture table, as TAP. For every architecture of musl (its
# headers in MUSL/ARCH/include, from musl-headers.sh) and every glibc TRIPLET
# (a staging sysroot ROOT, read through TRIPLET-gcc), compares MAP_HUGETLB,
# SHM_HUGETLB, MFD_HUGETLB and every MAP_/SHM_/MFD_HUGE_* constant with the
# kernel uapi of the same architecture (UAPI/KARCH/include, from uapi.sh) and
# with the size table. Then the mmap flag bit budget of every kernel
# architecture: which bits its MAP_* flags take, and which are free on all.
set -euo pipefail
here=$(dirname "$0")
usage="usage: check-arch.sh UAPI MUSL [TRIPLET=ROOT...]"
uapi=${1:?$usage}
musl=${2:?$usage}
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/stub"
: >"$work/stub/unistd.h" # <linux/shm.h> includes it, for shmget()
"$here/expected.sh" >"$work/expected"

# The kernel's ARCH for a musl arch or a GNU triplet.
karch() {
	case $1 in
	aarch64*) echo arm64 ;;
	arm*) echo arm ;;
	i?86* | x32 | x86_64*) echo x86 ;;
	hppa*) echo parisc ;;
	mips*) echo mips ;;
	or1k*) echo openrisc ;;
	powerpc* | ppc*) echo powerpc ;;
	riscv*) echo riscv ;;
	s390*) echo s390 ;;
	sh*) echo sh ;;
	sparc*) echo sparc ;;
	loongarch*) echo loongarch ;;
	*) echo "${1%%-*}" ;;
	esac
}

. "$(dirname "$0")/../../lib/tap.sh"

karches=()
for dir in "$uapi"/*/include; do
	a=${dir#"$uapi"/}
	a=${a%/include}
	karches+=("$a")
	"$here/macros.sh" gcc -nostdinc -isystem "$dir" -isystem "$work/stub" -- \
		linux/mman.h linux/memfd.h linux/shm.h >"$work/linux.$a"
done
[ ${#karches[@]} -gt 0 ] || { echo "Bail out! no kernel uapi headers in $uapi"; exit 1; }

# One row: LIBC ARCH VALUES-FILE. Prints the row, one line per difference,
# and the TAP result.
row() {
	local libc=$1 arch=$2 values=$3 k status=0
	k=$(karch "$arch")
	if [ ! -f "$work/linux.$k" ]; then
		echo "# $libc $arch: no kernel uapi for ARCH=$k"
		tap 1 "$libc $arch: linux $k"
		return
	fi
	cat "$work/expected" "$values" "$work/linux.$k" | awk '{ print $1 }' |
		grep -E '^(MAP|SHM|MFD)_HUGE(TLB$|_)' | LC_ALL=C sort -u >"$work/names"
	awk -v libc="$libc" -v arch="$arch" -v k="$k" '
		FILENAME == ARGV[1] { want[$1] = $2; next }
		FILENAME == ARGV[2] { lib[$1] = $2; next }
		FILENAME == ARGV[3] { ker[$1] = $2; next }
		{
			name = $1
			l = name in lib ? lib[name] : "-"
			kv = name in ker ? ker[name] : "-"
			e = name in want ? want[name] : kv
			sized = name ~ /_HUGE_[0-9]/
			fam = substr(name, 1, 3)
			total[fam] += sized
			if (l == kv && l == e && l != "-")
				good[fam] += sized
			else
				diff[++ndiff] = sprintf("#     %-15s %s %-10s linux %-10s expected %s",
					name, libc, l, kv, e)
		}
		END {
			printf "# %-5s %-24s %-10s %-11s %-11s %-11s %5s %5s %5s\n", libc, arch, k,
				lib["MAP_HUGETLB"], lib["SHM_HUGETLB"], lib["MFD_HUGETLB"],
				good["MAP"] + 0 "/" total["MAP"], good["SHM"] + 0 "/" total["SHM"],
				good["MFD"] + 0 "/" total["MFD"]
			for (i = 1; i <= ndiff; i++)
				print diff[i]
			exit ndiff > 0
		}' "$work/expected" "$values" "$work/linux.$k" "$work/names" || status=1
	tap $status "$libc $arch: same values as linux $k"
}

echo "TAP version 13"
echo "# Huge page flags of each libc against the kernel uapi of the same architecture."
echo "# The last columns count the sizes that are present with the right value."
printf '# %-5s %-24s %-10s %-11s %-11s %-11s %5s %5s %5s\n' libc arch linux \
	MAP_HUGETLB SHM_HUGETLB MFD_HUGETLB MAP_ SHM_ MFD_
for dir in "$musl"/*/include; do
	a=${dir#"$musl"/}
	a=${a%/include}
	if "$here/macros.sh" gcc -nostdinc -isystem "$dir" -D_GNU_SOURCE -- sys/mman.h sys/shm.h \
		>"$work/musl.$a"; then
		row musl "$a" "$work/musl.$a"
	else
		tap 1 "musl $a: headers do not preprocess"
	fi
done
for pair in "$@"; do
	t=${pair%%=*}
	root=${pair#*=}
	if "$here/macros.sh" "$t-gcc" -isystem "$root/usr/include" -D_GNU_SOURCE -- sys/mman.h sys/shm.h \
		>"$work/glibc.$t"; then
		row glibc "$t" "$work/glibc.$t"
	else
		tap 1 "glibc $t: headers do not preprocess with $t-gcc"
	fi
done

# The bit budget of the mmap flags argument (an int: bits 0..31).
bits() { # MASK: the set bits as a list of ranges
	local m=$1 b=0 from=-1 out=
	while [ $b -le 32 ]; do
		if [ $b -lt 32 ] && (((m >> b) & 1)); then
			[ $from -ge 0 ] || from=$b
		elif [ $from -ge 0 ]; then
			if [ $from = $((b - 1)) ]; then out+=" $from"; else out+=" $from-$((b - 1))"; fi
			from=-1
		fi
		b=$((b + 1))
	done
	echo "${out# }"
}
count() { local m=$1 c=0; while [ "$m" != 0 ]; do c=$((c + (m & 1))); m=$((m >> 1)); done; echo $c; }

echo "# mmap flag bits per architecture (linux uapi): all MAP_* flags, the type"
echo "# mask and the huge page size field (MAP_HUGE_MASK << MAP_HUGE_SHIFT)."
printf '# %-11s %-10s %4s  %s\n' linux used bits "free bits"
all=0 fieldbad='' overlap=()
for a in "${karches[@]}"; do
	used=0 shift=-1 mask=0
	while read -r name value; do
		case $name in
		MAP_HUGE_SHIFT) shift=$((value)) ;;
		MAP_HUGE_MASK) mask=$((value)) ;;
		MAP_HUGE_*) ;;
		MAP_*) used=$((used | value)) ;;
		esac
	done <"$work/linux.$a"
	field=$((mask << shift))
	[ "$field" = $((0x3f << 26)) ] || fieldbad+=" $a"
	while read -r name value; do
		case $name in
		MAP_HUGE_*) ;;
		MAP_*) (((value & field) == 0)) || overlap+=("$a:$name") ;;
		esac
	done <"$work/linux.$a"
	used=$((used | field))
	all=$((all | used))
	printf '# %-11s 0x%08x %4d  %s\n' "$a" "$used" "$(count $used)" "$(bits $((~used & 0xffffffff)))"
done
free=$((~all & 0xffffffff))
echo "# free on every architecture: $(count $free) bits ($(bits $free)); the size field took 6 (26-31)"
tap "$([ -z "$fieldbad" ]; echo $?)" "mmap: the huge page size field is bits 26-31 on every architecture${fieldbad:+ but$fieldbad}"
others=$(printf '%s\n' "${overlap[@]}" | grep -v -e ':MAP_UNINITIALIZED$' -e '^$' | paste -sd ' ' || :)
uninit=$(printf '%s\n' "${overlap[@]}" | sed -n 's/:MAP_UNINITIALIZED$//p' | paste -sd ' ')
[ -z "$uninit" ] || echo "# MAP_UNINITIALIZED (only honoured without an MMU) shares bit 26 with the size field on: $uninit"
tap "$([ -z "$others" ]; echo $?)" "mmap: no other flag overlaps the size field${others:+: $others}"
tap_done
