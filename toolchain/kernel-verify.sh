#!/bin/sh
# Usage: kernel-verify.sh [-h] [SERIES]
#
# Checks the kernel patch series (default: kernel/series) and prints TAP:
#   - it applies with no fuzz to linux-source-6.12 and linux-source-6.1;
#   - scripts/checkpatch.pl --strict reports nothing on each patch;
#   - `make headers_install` of each patched tree, for x86 arm64 mips alpha
#     parisc powerpc s390 sparc riscv, defines every MAP_HUGE_, SHM_HUGE_ and
#     MFD_HUGE_ size with its log2 << 26 value.
# Quiet by default; V=1 shows every command and its output. JOBS=N sets make's
# parallelism (default 2). Exits 1 when a check fails.
#
# The unpacked sources are read from build/pristine/linux-source-VERSION
# (PRISTINE=DIR to look elsewhere) and never written to: the series is applied
# to a tree of symbolic links in build/kernel-verify/ in which only what it
# touches is a real copy, and headers_install builds out of tree (O=). A
# missing source is unpacked from /usr/src/linux-source-VERSION.tar.xz into
# build/kernel-verify/src/ first.
# shellcheck disable=SC2317 # functions called through run() look unreachable
set -u

usage() { sed -n '2,/^set/{/shellcheck/d; s/^# \{0,1\}//p;}' "$0"; }
case ${1:-} in -h|--help) usage; exit 0 ;; -*) usage >&2; exit 2 ;; esac

top=$(cd "$(dirname "$0")/.." && pwd)
series=$(realpath "${1:-$top/kernel/series}") || exit 2
sdir=$(dirname "$series")
out=$top/build/kernel-verify
pristine=${PRISTINE:-$top/build/pristine}
versions="6.12 6.1"
arches="x86 arm64 mips alpha parisc powerpc s390 sparc riscv"
sizes=$("$top/tests/lib/huge-sizes.sh" | tr ' ' ':')
verbose=${V:-0}
jobs=${JOBS:-2}

patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
n=0
failed=0

# run LOG CMD...: appends the command and its output to LOG.
run() {
	log=$1
	shift
	echo "+ $*" >>"$log"
	"$@" >>"$log" 2>&1
}

# result STATUS NAME LOG: prints one TAP line, then with V=1 all of LOG, and
# on failure the end of it.
result() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=1
	fi
	if [ "$verbose" = 1 ]; then
		sed 's/^/# /' "$3"
	elif [ "$1" != 0 ]; then
		tail -n 15 "$3" | sed 's/^/# /'
		echo "# full log: $3"
	fi
}

skip() {
	n=$((n + 1))
	echo "ok $n $1 # SKIP $2"
}

# source_tree VERSION: prints the unpacked linux-source-VERSION, unpacking it
# if needed without the big folders headers_install and checkpatch never read
# (left empty: checkpatch only checks that they exist).
source_tree() {
	t=$pristine/linux-source-$1
	[ -f "$t/Makefile" ] && { echo "$t"; return; }
	t=$out/src/linux-source-$1
	if [ ! -f "$t/.unpacked" ]; then
		skipped="drivers sound Documentation net fs"
		rm -rf "$t"
		mkdir -p "$out/src" || return 1
		# shellcheck disable=SC2046,SC2086 # $skipped is a word list
		tar -xJf "/usr/src/linux-source-$1.tar.xz" -C "$out/src" \
			$(for d in $skipped; do echo "--exclude=linux-source-$1/$d"; done) >&2 &&
			(cd "$t" && mkdir $skipped) && : >"$t/.unpacked" || return 1
	fi
	echo "$t"
}

# link_entries SRC DST: fills directory DST with symbolic links to SRC/*.
link_entries() {
	find "$1" -mindepth 1 -maxdepth 1 -exec ln -s -t "$2" {} +
}

# make_real SRC DST PATH: turns the symbolic links on the way to DST/PATH into
# directories of links, and DST/PATH itself into a copy, so that a patch can
# change it without reaching SRC. Parts of PATH that SRC lacks are left alone.
make_real() {
	rest=$3
	sub=
	while [ -n "$rest" ]; do
		case $rest in
		*/*) part=${rest%%/*} rest=${rest#*/} ;;
		*) part=$rest rest= ;;
		esac
		sub=${sub:+$sub/}$part
		[ -L "$2/$sub" ] || { [ -d "$2/$sub" ] && continue; return 0; }
		rm "$2/$sub"
		if [ -d "$1/$sub" ]; then
			mkdir "$2/$sub" && link_entries "$1/$sub" "$2/$sub"
		else
			cp -p "$1/$sub" "$2/$sub"
		fi || return 1
	done
}

# touched: every path a patch of the series names, old and new names alike.
touched() {
	for patch in $patches; do
		sed -n 's,^\(---\|+++\) [ab]/\([^[:space:]]*\).*,\2,p' "$sdir/$patch"
	done | sort -u
}

# shadow SRC DST: DST reads as SRC, with real copies of what the series touches.
# include/uapi is copied whole: headers_install lists headers with find(1),
# which does not descend into linked directories.
shadow() {
	rm -rf "$2" && mkdir -p "$2" && link_entries "$1" "$2" &&
		make_real "$1" "$2" include/uapi/Kbuild && rm -r "$2/include/uapi" &&
		cp -Rp "$1/include/uapi" "$2/include/uapi" || return 1
	for f in $(touched); do
		make_real "$1" "$2" "$f" || return 1
	done
}

# probe.c: each name must exist and equal log2(size) << 26.
write_probe() {
	{
		echo '#include <linux/mman.h>'
		echo '#include <linux/shm.h>'
		echo '#include <linux/memfd.h>'
		for f in MAP SHM MFD; do
			echo "_Static_assert(${f}_HUGE_SHIFT == 26, \"${f}_HUGE_SHIFT\");"
			echo "_Static_assert(${f}_HUGE_MASK == 0x3f, \"${f}_HUGE_MASK\");"
			for s in $sizes; do
				echo "_Static_assert(${f}_HUGE_${s%:*} == ${s#*:}U << 26, \"${f}_HUGE_${s%:*}\");"
			done
		done
	} >"$out/probe.c"
	# <linux/shm.h> pulls in <unistd.h>, which the probe does not need.
	mkdir -p "$out/stub" && : >"$out/stub/unistd.h"
}

# headers VERSION: for each architecture, headers_install of the patched tree
# and the probe against the result; the status goes to headers-VERSION-ARCH.rc.
# All architectures share one object tree, so only the first builds much.
headers() {
	for a in $arches; do
		log=$out/headers-$1-$a.log
		hdr=$out/headers-$1/$a
		: >"$log"
		rm -rf "$hdr"
		run "$log" make -s -j"$jobs" -C "$out/linux-source-$1" O="$out/obj-$1" \
			ARCH="$a" INSTALL_HDR_PATH="$hdr" headers_install &&
			run "$log" gcc -fsyntax-only -std=gnu11 -nostdinc -isystem "$hdr/include" \
				-isystem "$out/stub" "$out/probe.c"
		echo $? >"$out/headers-$1-$a.rc"
	done
}

mkdir -p "$out" || exit 1
rm -f "$out"/*.rc
write_probe || exit 1
nr_patches=$(echo "$patches" | wc -w)
echo "TAP version 13"
echo "1..$((2 + nr_patches + 2 * $(echo "$arches" | wc -w)))"

# Apply to both trees, and start each tree's headers in the background.
applied=
for v in $versions; do
	log=$out/apply-$v.log
	: >"$log"
	if src=$(source_tree "$v" 2>>"$log") &&
		run "$log" shadow "$src" "$out/linux-source-$v" &&
		run "$log" "$top/toolchain/apply-series.sh" "$out/linux-source-$v" "$series"; then
		result 0 "apply-linux-source-$v" "$log"
		applied="$applied $v"
		headers "$v" &
	else
		result 1 "apply-linux-source-$v" "$log"
	fi
done

checkpatch_tree=$(source_tree 6.12 2>/dev/null)
for p in $patches; do
	log=$out/checkpatch-$p.log
	: >"$log"
	if [ -z "$checkpatch_tree" ]; then
		skip "checkpatch-$p" "no linux-source-6.12"
		continue
	fi
	(cd "$checkpatch_tree" && run "$log" perl scripts/checkpatch.pl --strict "$sdir/$p") &&
		grep -q '^total: 0 errors, 0 warnings, 0 checks' "$log"
	result $? "checkpatch-$p" "$log"
done

wait
for v in $versions; do
	for a in $arches; do
		case " $applied " in
		*" $v "*)
			rc=$(cat "$out/headers-$v-$a.rc" 2>/dev/null || echo 1)
			result "$rc" "headers-linux-source-$v-$a" "$out/headers-$v-$a.log"
			;;
		*) skip "headers-linux-source-$v-$a" "series does not apply" ;;
		esac
	done
done

exit $failed
