#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: check-debs.sh WORK FORWARDED MUSL MUSL_STOCK MUSL_SERIES GLIBC GLIBC_STOCK GLIBC_SERIES HUGESIZE
# TAP: our series carried as Debian carries patches, and our own packages
# (toolchain/debian/ builds them all; each argument is a folder it made):
#  - musl: MUSL is Debian's musl source package with MUSL_SERIES appended to
#    debian/patches (DEP-3 headers), built with dpkg-buildpackage -b;
#    MUSL_STOCK the same package built without it. musl-dev is unpacked
#    into a scratch root under WORK and its headers, alone (-nostdinc),
#    must give every MAP_/SHM_/MFD_HUGE_* value; the stock musl-dev's must
#    not (the check can fail). lintian on both: the patched build may have
#    no tag (by name, per package) the stock build has not, but for two
#    that a local changelog entry and "Forwarded: no" bring (see below).
#  - glibc: GLIBC is Debian's glibc source tree with GLIBC_SERIES on top of
#    Debian's stack (quilt push -a, no fuzz) and its headers installed in
#    GLIBC/root; GLIBC_STOCK the headers of Debian's stack alone. The same
#    value check, and the same failing one.
#  - HUGESIZE: hugesize-compat-dev and hugesize, installable (apt resolves
#    them on this machine; dpkg --root puts them in a scratch root), used
#    from there (header values, pkg-config, the tool), lintian clean.
set -uo pipefail
usage="usage: check-debs.sh WORK FORWARDED MUSL MUSL_STOCK MUSL_SERIES GLIBC GLIBC_STOCK GLIBC_SERIES HUGESIZE"
[ $# = 9 ] || { echo "$usage" >&2; exit 2; }
work=$(realpath -m "$1") forwarded=$2
musl=$3 musl_stock=$4 musl_series=$5 glibc=$6 glibc_stock=$7 glibc_series=$8 hugesize=$9
here=$(dirname "$0")
series_sh=$here/../../../toolchain/lib/series.sh
libc_t=$here/../libc
. "$here/../../lib/tap.sh"
rm -rf "$work" && mkdir -p "$work"
log=$work/diag
gcc_inc=$(gcc -print-file-name=include)

"$libc_t/expected.sh" >"$work/expected"
echo "MAP_HUGETLB 0x40000" >>"$work/expected"
LC_ALL=C sort -o "$work/expected" "$work/expected"

# values ROOT OURS HEADERS CC-ARGS...: every expected constant, with its
# value, from HEADERS ("a.h b.h") compiled with CC-ARGS; and every header
# whose path matches the regular expression OURS read from ROOT, not from
# the machine. Diagnostics to $log; 1 on any mismatch.
libc_headers='(sys/(mman|shm)|bits/(mman[^/]*|shm))\.h$'
values() {
	local root=$1 ours=$2 headers=$3
	shift 3
	: >"$log"
	# shellcheck disable=SC2086
	if ! "$libc_t/macros.sh" "$@" -std=c11 -D_GNU_SOURCE -- $headers >"$work/got" 2>>"$log"; then
		return 1
	fi
	LC_ALL=C join -a 1 -e missing -o 0,2.2,1.2 "$work/expected" "$work/got" |
		awk '$2 != $3 { printf "  %-16s %-12s expected %s\n", $1, $2, $3 }' >>"$log"
	printf '#include <%s>\n' $headers >"$work/probe.c"
	"$@" -std=c11 -D_GNU_SOURCE -M "$work/probe.c" 2>>"$log" | tr ' \\' '\n\n' |
		grep -E "$ours" |
		while read -r f; do
			case $(realpath "$f") in "$(realpath "$root")"/*) ;; *) echo "  read from outside $root: $f" ;; esac
		done >>"$log"
	[ ! -s "$log" ]
}

# stack TREE SERIES NAME: our patches end debian/patches/series, in order,
# each with the four DEP-3 fields; quilt's log (TREE/../quilt.log) has
# every patch applied and no fuzz. Two results.
stack() {
	local tree=$1 series=$2 name=$3 ours n status p
	ours=$("$series_sh" "$series" | sed 's|^|hugesize/|')
	n=$(echo "$ours" | wc -l)
	: >"$log"
	[ "$("$series_sh" "$tree/debian/patches/series" | tail -n "$n")" = "$ours" ] ||
		echo "  debian/patches/series does not end with $series's patches" >>"$log"
	for p in $ours; do
		for f in Description Author Forwarded Last-Update; do
			sed '/^---$/q' "$tree/debian/patches/$p" | grep -q "^$f: ." || echo "  $p: no $f:" >>"$log"
		done
	done
	status=0
	[ -s "$log" ] && status=1
	tap $status "$name: the series' $n patches end debian/patches/series, each with Description, Author, Forwarded, Last-Update" "$log"

	local qlog total
	qlog=$(dirname "$tree")/quilt.log
	total=$(sed -n 's/^# quilt push -a: \([0-9]*\) patches.*/\1/p' "$qlog")
	awk '/^Applying patch / { p = $3 } /fuzz|FAILED|does not apply/ { print "  " p ": " $0 }' "$qlog" >"$log"
	status=0
	[ -s "$log" ] && status=1
	grep -q "^Now at patch debian/patches/$(echo "$ours" | tail -n 1)\$" "$qlog" ||
		{ status=1; echo "  quilt did not get to the last patch; see $qlog" >>"$log"; }
	# Offsets are fine; say where our own patches needed any.
	awk '/^Applying patch / { p = $3 } p ~ /\/hugesize\// && /offset/ { print "  note: " p ": " $0 }' "$qlog" >>"$log"
	tap $status "$name: quilt push -a applies all $total patches (Debian's $((total - n)), then ours) with no fuzz" "$log"
}

# strict NAME ABSENT CC-ARGS...: in strict POSIX (-D_POSIX_C_SOURCE=200809L)
# the headers define no name that matches the regular expression ABSENT.
strict() {
	local name=$1 absent=$2
	shift 2
	local status=0
	"$libc_t/macros.sh" "$@" -std=c11 -D_POSIX_C_SOURCE=200809L -- sys/mman.h sys/shm.h >"$work/got" 2>"$log" ||
		status=1
	if grep -E "^($absent)" "$work/got" >"$work/defined"; then
		sed 's/^/  defined: /' "$work/defined" >>"$log"
		status=1
	fi
	tap $status "$name in strict POSIX (-D_POSIX_C_SOURCE=200809L): no ${absent//|/, } names" "$log"
}

# tree DIR: the unpacked source package in DIR.
tree() { dirname "$(ls -d "$1"/*/debian | head -n 1)"; }

# unpack ROOT DEB...: dpkg-deb -x each into ROOT.
unpack() {
	local root=$1 d
	shift
	mkdir -p "$root"
	for d; do dpkg-deb -x "$d" "$root" || return 1; done
}

# fails_without NAME ROOT HEADERS CC-ARGS...: the value check on headers
# built without our series must fail; what it misses is what the series adds.
fails_without() {
	local name=$1
	shift
	if values "$@"; then
		tap 1 "$name as Debian ships it fails the value check (so the check can fail)" "$log"
	else
		local n
		n=$(grep -c ' missing ' "$log")
		sed -i '1i\  the constants the series adds (first lines):' "$log"
		[ "${V:-0}" = 1 ] || sed -i '6,$d' "$log"
		tap 0 "$name as Debian ships it fails the value check (so the check can fail): $n constants missing" "$log"
	fi
}

# lint OUT DSC CHANGES: lintian's tags on a build, its version made VERSION.
lint() {
	local out=$1 version
	version=$(sed -n 's/^Version: //p' "$2" | sed 's/[.+~]/[&]/g')
	lintian -I -E --pedantic "$2" "$3" 2>/dev/null | grep -E '^[EWIPX]: ' |
		sed "s/$version/VERSION/g" | LC_ALL=C sort -u >"$out"
}

echo "TAP version 13"

# musl
deb() { ls "$1"/"$2"_*.deb 2>/dev/null | head -n 1; }
stack "$(tree "$musl")" "$musl_series" musl
status=0
for d in musl musl-dev; do [ -n "$(deb "$musl" $d)" ] || { echo "  no $d .deb in $musl" >"$log"; status=1; }; done
tap $status "musl: dpkg-buildpackage -us -uc -b built $(basename "$(deb "$musl" musl-dev)")" "$log"
unpack "$work/musl-root" "$(deb "$musl" musl)" "$(deb "$musl" musl-dev)" >"$log" 2>&1
tap $? "musl, musl-dev: unpacked into a scratch root ($work/musl-root)" "$log"
triplet=$(gcc -dumpmachine | sed 's/-gnu$/-musl/')
musl_cc=(gcc -nostdinc -isystem "$work/musl-root/usr/include/$triplet" -isystem "$gcc_inc")
values "$work/musl-root" "$libc_headers" "sys/mman.h sys/shm.h" "${musl_cc[@]}"
tap $? "musl-dev's headers alone (gcc -nostdinc): every MAP_/SHM_/MFD_HUGE_* value" "$log"
strict "musl-dev's headers" MFD_ "${musl_cc[@]}"
unpack "$work/musl-stock-root" "$(deb "$musl_stock" musl-dev)" >/dev/null 2>&1
fails_without musl-dev "$work/musl-stock-root" "$libc_headers" "sys/mman.h sys/shm.h" \
	gcc -nostdinc -isystem "$work/musl-stock-root/usr/include/$triplet" -isystem "$gcc_inc"

lint "$work/lintian-musl" "$musl"/*.dsc "$musl"/*.changes
lint "$work/lintian-musl-stock" "$musl_stock"/*.dsc "$musl_stock"/*.changes
# A tag is new when the stock build has no tag of that name for that
# package; two are the expected consequence of a local entry and are noted:
#  - patch-not-forwarded-upstream, with FORWARDED "no": the DEP-3 field's
#    own statement (the upstream form of the series is not mailed yet);
#  - out-of-date-standards-version: lintian measures Standards-Version by
#    the date of the newest changelog entry, ours; bumping it is Debian's.
key() { awk '{ print $1, $2, $3 }' "$1" | LC_ALL=C sort -u; }
expected='out-of-date-standards-version'
[ "$forwarded" = no ] && expected="$expected|patch-not-forwarded-upstream"
LC_ALL=C comm -13 <(key "$work/lintian-musl-stock") <(key "$work/lintian-musl") |
	while read -r severity package tag; do
		if [[ $tag =~ ^($expected)$ ]]; then
			grep -F "$severity $package $tag" "$work/lintian-musl" | sed 's/^/  note: expected: /'
		else
			grep -F "$severity $package $tag" "$work/lintian-musl" | sed 's/^/  new: /'
		fi
	done >"$log"
echo "  ($(wc -l <"$work/lintian-musl-stock") tags on the stock build, $(wc -l <"$work/lintian-musl") on ours)" >>"$log"
! grep -q '^  new:' "$log"
tap $? "musl: lintian -I -E --pedantic on .dsc and .changes shows no tag that the build without our series lacks" "$log"

# glibc
stack "$(tree "$glibc")" "$glibc_series" glibc
values "$glibc/root" "$libc_headers" "sys/mman.h sys/shm.h" gcc -isystem "$glibc/root/usr/include"
tap $? "glibc: headers of the patched Debian tree (make install-headers): every MAP_/SHM_/MFD_HUGE_* value" "$log"
strict "glibc headers" 'MAP_HUGE_|SHM_HUGE_|MFD_' gcc -isystem "$glibc/root/usr/include"
fails_without "glibc headers" "$glibc_stock/root" "$libc_headers" "sys/mman.h sys/shm.h" gcc -isystem "$glibc_stock/root/usr/include"

# hugesize-compat-dev and hugesize
hugesize=$(realpath "$hugesize")
debs=("$hugesize"/hugesize-compat-dev_*_all.deb "$hugesize"/hugesize_*.deb)
status=0
for d in "${debs[@]}"; do [ -f "$d" ] || { echo "  missing: $d" >"$log"; status=1; }; done
tap $status "hugesize: dpkg-buildpackage -us -uc -b built $(cd "$hugesize" && echo hugesize-compat-dev_*_all.deb hugesize_*.deb)" "$log"
apt-get -s -q -o Debug::NoLocking=1 install "${debs[@]}" >"$log" 2>&1
tap $? "hugesize: apt-get --simulate install resolves both .debs' dependencies on this machine" "$log"
root=$work/hugesize-root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" && : >"$root/var/lib/dpkg/status"
# Their Depends (libc6) are the machine's, not the scratch root's.
dpkg --root="$root" --force-depends --force-not-root --log=/dev/null -i "${debs[@]}" >"$log" 2>&1 &&
	dpkg --root="$root" -l hugesize hugesize-compat-dev 2>>"$log" | grep -q '^ii  hugesize-compat-dev' >>"$log" 2>&1
tap $? "hugesize: dpkg --root installs both into a scratch root ($root)" "$log"
values "$root" "hugesize-compat\.h$" "sys/mman.h sys/shm.h hugesize-compat.h" gcc -isystem "$root/usr/include"
tap $? "hugesize-compat-dev's header with the machine's glibc: every MAP_/SHM_/MFD_HUGE_* value" "$log"
{
	cflags=$(PKG_CONFIG_LIBDIR=$root/usr/share/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root pkg-config --cflags hugesize-compat) &&
		printf '%s\n' '#include <hugesize-compat.h>' 'int main(void) { return hugesize_flags(2UL << 20) != MAP_HUGE_2MB; }' |
		gcc -std=c11 -Wall -Wextra -Werror $cflags -x c - -o "$work/user" && "$work/user"
} >"$log" 2>&1
tap $? "hugesize-compat-dev: a program built with pkg-config --cflags from the scratch root uses the header" "$log"
"$root/usr/bin/hugesize" flags 2M >"$log" 2>&1 && grep -q 'MAP_HUGE_2MB *= 0x54040000' "$log"
tap $? "hugesize: the installed tool runs (hugesize flags 2M)" "$log"
lintian -I -E --pedantic --show-overrides "$hugesize"/hugesize_*.changes 2>/dev/null | grep -E '^[EWIPXO]: ' >"$log"
! grep -qE '^[EW]: ' "$log"
tap $? "hugesize: lintian -I -E --pedantic on the .changes: no error or warning (O: overridden, justified in packaging/debian/*.lintian-overrides)" "$log"
tap_done
