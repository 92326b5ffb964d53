#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: busybox-fetch.sh DEBARCH DIR
# Puts Debian's static busybox for the architecture DEBARCH (arm64, i386,
# ...) in DIR/bin/busybox: `apt-get download busybox-static` from the archive
# and suite the machine takes its own busybox-static from, through the
# build's private apt source (toolchain/deps/apt-private.sh). Nothing is
# installed: dpkg's state and architectures stay untouched.
set -eu
usage="usage: busybox-fetch.sh DEBARCH DIR"
debarch=${1:?$usage}
dir=$(realpath -m "${2:?$usage}")
tools=$(realpath "$(dirname "$0")/../deps")
origin=$("$tools/apt-private.sh" --origin busybox-static)
rm -rf "$dir/deb" && mkdir -p "$dir/deb"
(cd "$dir/deb" && APT_ARCH=$debarch "$tools/apt-private.sh" "$dir/apt" \
	"deb [arch=$debarch] $origin" apt-get download "busybox-static:$debarch")
dpkg-deb -x "$dir"/deb/busybox-static_*.deb "$dir/root"
install -D -m 755 "$dir/root/bin/busybox" "$dir/bin/busybox"
file "$dir/bin/busybox"
