#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: musl-source.sh SRC APTDIR VERSION
# Fetches Debian's source package of musl VERSION (apt-get source, which
# applies debian/patches as Debian's own build does) and unpacks it into SRC,
# which must not exist yet. The deb-src line follows the archive and suite
# the machine takes its musl binary package from (toolchain/deps/apt-private.sh).
set -eu
usage="usage: musl-source.sh SRC APTDIR VERSION"
src=${1:?$usage}
apt=${2:?$usage}
version=${3:?$usage}
tools=$(realpath "$(dirname "$0")/../deps")
apt=$(realpath -m "$apt")
origin=$("$tools/apt-private.sh" --origin musl "$version")
tmp=$src.fetching
rm -rf "$tmp" && mkdir -p "$tmp"
(cd "$tmp" && "$tools/apt-private.sh" "$apt" "deb-src $origin" apt-get source musl)
[ -d "$tmp/musl-$version" ] ||
	{ echo "error: apt-get source musl did not unpack musl-$version" >&2; exit 1; }
mv "$tmp/musl-$version" "$src"
rm -rf "$tmp"
