#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: sid-fetch.sh PACKAGE VERSION DIR
# Downloads Debian unstable's binary package PACKAGE at exactly VERSION (a
# pin of toolchain/deps/deps.mk: SID_PINS) and unpacks it into DIR, through
# the build's private apt source (apt-private.sh): the machine's apt stays
# on its own suite. When unstable has moved on and serves another version,
# stops and says which, and the one line to change.
set -eu
usage="usage: sid-fetch.sh PACKAGE VERSION DIR"
pkg=${1:?$usage} version=${2:?$usage}
dir=$(realpath -m "${3:?$usage}")
tools=$(realpath "$(dirname "$0")")
apt=$(realpath -m "$dir/../apt-sid")
# The archive the machine's own apt uses, with the suite sid.
set -- $("$tools/apt-private.sh" --origin base-files)
line="deb $1 sid $3"
served=$("$tools/apt-private.sh" "$apt" "$line" apt-cache show "$pkg" 2>/dev/null |
	sed -n 's/^Version: //p' | head -n 1)
if [ "$served" != "$version" ]; then
	echo "error: Debian unstable serves $pkg ${served:-not at all}, the build pins $version" >&2
	[ -z "$served" ] || echo "  to move on, change $pkg=$version to $pkg=$served in SID_PINS (toolchain/deps/deps.mk)" >&2
	exit 1
fi
rm -rf "$dir" && mkdir -p "$dir/deb"
(cd "$dir/deb" && "$tools/apt-private.sh" "$apt" "$line" apt-get download "$pkg=$version")
dpkg-deb -x "$dir"/deb/*.deb "$dir"
rm -rf "$dir/deb"
