#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: static-fetch.sh PACKAGE FILE DEBARCH DIR
# Puts FILE of Debian's package PACKAGE for the architecture DEBARCH (arm64,
# i386, ...) in DIR/bin/: a static program for the guest, say busybox-static
# /bin/busybox. `apt-get download` from the archive and suite the machine
# takes its own PACKAGE from, through the build's private apt source
# (toolchain/deps/apt-private.sh). Nothing is installed: dpkg's state and
# architectures stay untouched.
set -eu
usage="usage: static-fetch.sh PACKAGE FILE DEBARCH DIR"
pkg=${1:?$usage}
file=${2:?$usage}
debarch=${3:?$usage}
dir=$(realpath -m "${4:?$usage}")
tools=$(realpath "$(dirname "$0")/../deps")
origin=$("$tools/apt-private.sh" --origin "$pkg")
rm -rf "$dir/deb" "$dir/root" && mkdir -p "$dir/deb"
(cd "$dir/deb" && APT_ARCH=$debarch "$tools/apt-private.sh" "$dir/apt" \
	"deb [arch=$debarch] $origin" apt-get download "$pkg:$debarch")
dpkg-deb -x "$dir"/deb/"$pkg"_*.deb "$dir/root"
[ -f "$dir/root/$file" ] || { echo "error: $pkg for $debarch has no $file" >&2; exit 1; }
install -D -m 755 "$dir/root/$file" "$dir/bin/${file##*/}"
file "$dir/bin/${file##*/}"
