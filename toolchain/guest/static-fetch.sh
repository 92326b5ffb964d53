#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: static-fetch.sh PACKAGE FILE DEBARCH DIR [SUITE]
# Puts FILE of Debian's package PACKAGE for the architecture DEBARCH (arm64,
# i386, ...) in DIR/bin/: a static program for the guest, say busybox-static
# /bin/busybox. `apt-get download` from the archive and suite the machine
# takes its own PACKAGE from, or with SUITE (DEB_SUITE_A: an architecture
# the machine's release has no port for) from that suite of the machine's
# archive, through the build's private apt source
# (toolchain/deps/apt-private.sh). Nothing is installed: dpkg's state and
# architectures stay untouched.
set -eu
usage="usage: static-fetch.sh PACKAGE FILE DEBARCH DIR [SUITE]"
pkg=${1:?$usage}
file=${2:?$usage}
debarch=${3:?$usage}
dir=$(realpath -m "${4:?$usage}")
suite=${5:-}
tools=$(realpath "$(dirname "$0")/../deps")
if [ -n "$suite" ]; then
	# The archive the machine's own apt uses (as suite-fetch.sh), at SUITE.
	set -- $("$tools/apt-private.sh" --origin base-files)
	origin="$1 $suite $3"
else
	origin=$("$tools/apt-private.sh" --origin "$pkg")
fi
rm -rf "$dir/deb" "$dir/root" && mkdir -p "$dir/deb"
(cd "$dir/deb" && APT_ARCH=$debarch "$tools/apt-private.sh" "$dir/apt" \
	"deb [arch=$debarch] $origin" apt-get download "$pkg:$debarch")
dpkg-deb -x "$dir"/deb/"$pkg"_*.deb "$dir/root"
# Releases after Debian 12 ship /bin/PROGRAM as /usr/bin/PROGRAM (merged /usr).
src=$dir/root/$file
[ -f "$src" ] || src=$dir/root/usr/$file
[ -f "$src" ] || { echo "error: $pkg for $debarch has no $file nor /usr$file" >&2; exit 1; }
install -D -m 755 "$src" "$dir/bin/${file##*/}"
file "$dir/bin/${file##*/}"
