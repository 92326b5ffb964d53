#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: quilt-stack.sh TREE FORWARDED SERIES|none
# Adds our series to the Debian source TREE's own patch stack, as Debian
# carries patches: each patch of SERIES (a quilt series file beside its
# git format-patch files) goes into TREE/debian/patches/hugesize/ with a
# DEP-3 header (dep3.sh, Forwarded: FORWARDED) and is appended to
# debian/patches/series. Then `quilt push -a` applies the whole stack,
# Debian's patches and ours, on the tree unpacked with --skip-patches. Its
# output goes to stdout (the caller keeps it); any hunk applied with fuzz,
# or any patch that does not apply, fails. Offsets are allowed and listed.
# With "none" the stack is Debian's alone (the package as Debian ships it).
set -eu
usage="usage: quilt-stack.sh TREE FORWARDED SERIES|none"
tree=${1:?$usage}
forwarded=${2:?$usage}
series=${3:?$usage}
here=$(dirname "$0")
[ -d "$tree/debian" ] || { echo "error: $tree is not an unpacked Debian source package" >&2; exit 1; }
[ ! -d "$tree/.pc" ] ||
	{ echo "error: $tree already has patches applied; unpack it with dpkg-source --skip-patches" >&2; exit 1; }

mkdir -p "$tree/debian/patches"
touch "$tree/debian/patches/series"
if [ "$series" != none ]; then
	dir=$(dirname "$series")
	mkdir -p "$tree/debian/patches/hugesize"
	# A series file may lack its last newline; ours must start on a line of its own.
	[ ! -s "$tree/debian/patches/series" ] || [ -z "$(tail -c 1 "$tree/debian/patches/series")" ] ||
		echo >>"$tree/debian/patches/series"
	for p in $("$here/../lib/series.sh" "$series"); do
		[ -f "$dir/$p" ] || { echo "error: $series names $p, which does not exist in $dir/" >&2; exit 1; }
		"$here/dep3.sh" "$forwarded" "$dir/$p" >"$tree/debian/patches/hugesize/$p"
		echo "hugesize/$p" >>"$tree/debian/patches/series"
	done
fi

total=$("$here/../lib/series.sh" "$tree/debian/patches/series" | wc -l)
echo "# quilt push -a: $total patches in debian/patches/series"
[ "$total" -gt 0 ] || exit 0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
(cd "$tree" && QUILT_PATCHES=debian/patches QUILT_SERIES=series QUILT_PC=.pc quilt push -a) >"$log" 2>&1 || status=$?
cat "$log"
if [ $status != 0 ]; then
	echo "error: quilt push -a stops in $tree: $(grep -E '^(Applying patch|Patch .* does not apply)' "$log" | tail -n 1)" >&2
	echo "  rebase that patch onto the patches before it in debian/patches/series" >&2
	exit 1
fi
# "Applying patch X" then patch's "Hunk #N succeeded at L with fuzz F."
fuzzy=$(awk '/^Applying patch / { p = $3 } /with fuzz/ { print "  " p ": " $0 }' "$log")
if [ -n "$fuzzy" ]; then
	printf '%s\n' "$fuzzy" >&2
	echo "error: quilt applied these hunks with fuzz in $tree; refresh those patches (quilt refresh) so they apply exactly" >&2
	exit 1
fi
exit 0
