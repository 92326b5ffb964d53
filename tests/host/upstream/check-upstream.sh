#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: check-upstream.sh WORK TREE:PACKAGE:PIN:TARBALL:SERIES...
#
# TAP: is each mainline series still what its upstream needs? For each
# TREE (linux, glibc) with the Debian PACKAGE pinned at PIN, whose source
# is TARBALL and whose mail series SERIES (a quilt series file):
#   - SERIES applies with git am to the pristine TARBALL (git-series.sh);
#   - every gap of tests/host/upstream/gaps.tsv for TREE is still open there
#     (one grep each);
#   - the newest PACKAGE of the same name family that Debian experimental or
#     unstable serves (linux-source-X.Y: the highest X.Y) is looked up; one
#     newer than PIN is a "# warning:" line, not a failure: upstream moved,
#     the pin and the series are due for a rebase (doc/submitting.md).
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/tests/lib/tap.sh"
work=${1:?usage: check-upstream.sh WORK TREE:PACKAGE:PIN:TARBALL:SERIES...}
shift
mkdir -p "$work"
deps=$top/toolchain/deps
origin=$("$deps/apt-private.sh" --origin base-files) || exit 1
# newest SUITE PREFIX REGEX: "PACKAGE VERSION" of the highest version there
# of the packages whose names start with PREFIX and match REGEX.
newest() {
	line="deb $(echo "$origin" | cut -d' ' -f1) $1 $(echo "$origin" | cut -d' ' -f3)"
	for p in $("$deps/apt-private.sh" "$work/apt-$1" "$line" apt-cache pkgnames "$2" | grep -E "^$3\$" | sort -u); do
		"$deps/apt-private.sh" "$work/apt-$1" "$line" apt-cache show "$p" | sed -n "s/^Version: /$p /p"
	done | sort -k2,2V | tail -n 1
}
# gaps TREE GIT LABEL: one result per gap of TREE in GIT's pristine tree.
gaps() {
	awk -F '\t' -v t="$1" '$1 == t' "$top/tests/host/upstream/gaps.tsv" >"$work/gaps"
	while IFS='	' read -r _ name file how pattern; do
		if git -C "$2" show "pristine:$file" 2>/dev/null | grep -qF -- "$pattern"; then has=1; else has=0; fi
		case $how$has in has1 | lacks0) open=0 ;; *) open=1 ;; esac
		tap $open "$3: $name: still open ($file)"
	done <"$work/gaps"
}
for spec in "$@"; do
	IFS=: read -r tree pkg pin tarball series <<EOF
$spec
EOF
	git=$work/git-$tree-$pin
	"$top/toolchain/lib/git-series.sh" "$tarball" "$git" "$series" >"$work/$tree.log" 2>&1
	tap $? "$series applies with git am to $pkg $pin" "$work/$tree.log"
	gaps "$tree" "$git" "$pkg $pin"
	prefix=$(echo "$pkg" | sed 's/[0-9][0-9.]*$//')
	for suite in experimental sid; do
		set -- $(newest $suite "$prefix" "$(echo "$pkg" | sed 's/[0-9][0-9.]*$/[0-9.]+/')")
		[ $# = 2 ] || { echo "# warning: Debian $suite serves no $prefix"; continue; }
		if ! dpkg --compare-versions "$2" gt "$pin"; then
			echo "# $tree: Debian $suite's newest is $1 $2; the pin is $pkg $pin"
			continue
		fi
		echo "# warning: $tree: Debian $suite serves $1 $2, newer than the pin $pkg $pin (toolchain/deps/deps.mk)"
	done
done
tap_done
