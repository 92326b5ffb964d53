#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: suite-fetch.sh SUITE PACKAGE VERSION DIR
#        suite-fetch.sh SUITE --orig SOURCE VERSION DIR
# Downloads the binary package PACKAGE at exactly VERSION from the Debian
# SUITE (sid, experimental) and unpacks it into DIR; with --orig, the
# upstream tarball of the source package SOURCE at VERSION, into DIR as it
# is. The suites and versions are pins of toolchain/deps/deps.mk
# (SUITE_PIN.*). Everything goes through the build's private apt source
# (apt-private.sh): the machine's apt stays on its own suite. When the
# suite has moved on and serves another version, stops and says which, and
# the one line to change.
set -eu
usage="usage: suite-fetch.sh SUITE [--orig] PACKAGE VERSION DIR"
suite=${1:?$usage}
shift
orig=
[ "${1:-}" = --orig ] && { orig=1; shift; }
pkg=${1:?$usage} version=${2:?$usage}
dir=$(realpath -m "${3:?$usage}")
tools=$(realpath "$(dirname "$0")")
# The archive the machine's own apt uses, with SUITE.
set -- $("$tools/apt-private.sh" --origin base-files)
if [ -n "$orig" ]; then
	apt=$(realpath -m "$dir/../apt-$suite-src") line="deb-src $1 $suite $3" show=showsrc
else
	apt=$(realpath -m "$dir/../apt-$suite") line="deb $1 $suite $3" show=show
fi
apt() { "$tools/apt-private.sh" "$apt" "$line" "$@"; }

# A source may be listed at more than one version; the newest is "served".
versions=$(apt apt-cache "$show" "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -V)
if ! printf '%s\n' "$versions" | grep -qxF "$version"; then
	served=$(printf '%s\n' "$versions" | tail -n 1)
	echo "error: Debian $suite serves $pkg ${served:-not at all}, the build pins $version" >&2
	[ -z "$served" ] ||
		echo "  to move on, change 'SUITE_PIN.$pkg := $suite $version' to '$suite $served' in toolchain/deps/deps.mk" >&2
	exit 1
fi
rm -rf "$dir" && mkdir -p "$dir"
if [ -z "$orig" ]; then
	mkdir "$dir/deb"
	(cd "$dir/deb" && apt apt-get download "$pkg=$version")
	dpkg-deb -x "$dir"/deb/*.deb "$dir"
	rm -rf "$dir/deb"
	exit 0
fi
# The upstream tarball alone: "'URI' NAME SIZE SHA256:HASH", checked on arrival.
set -- $(cd "$dir" && apt apt-get source --print-uris "$pkg=$version" |
	grep -E "^'[^']*\.orig\.tar\.[a-z0-9]+' ")
[ $# = 4 ] || { echo "error: no upstream tarball listed for $pkg $version" >&2; exit 1; }
uri=$(echo "$1" | tr -d "'")
/usr/lib/apt/apt-helper download-file "$uri" "$dir/$2" "$4"
