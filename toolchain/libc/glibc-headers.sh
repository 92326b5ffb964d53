#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: glibc-headers.sh SRC OBJ ROOT TRIPLET
# Configures glibc from SRC in OBJ for TRIPLET (with TRIPLET-gcc, a Debian
# cross compiler unless TRIPLET is the build machine's) and installs its
# headers, afresh, into the staging sysroot ROOT (ROOT/usr/include). Nothing
# of glibc is compiled. Configures only once per OBJ.
set -eu
usage="usage: glibc-headers.sh SRC OBJ ROOT TRIPLET"
src=$(realpath "${1:?$usage}")
obj=${2:?$usage}
root=$(realpath -m "${3:?$usage}")
host=${4:?$usage}
mkdir -p "$obj"
if [ ! -f "$obj/config.status" ]; then
	(cd "$obj" && "$src/configure" --prefix=/usr --host="$host" --build="$(gcc -dumpmachine)" \
		CC="$host-gcc" --disable-werror --without-selinux) ||
		{ rm -f "$obj/config.status"; exit 1; }
fi
rm -rf "$root"
# install-bootstrap-headers adds gnu/stubs.h, so ROOT/usr/include stands alone.
make -C "$obj" install-headers install-bootstrap-headers=yes install_root="$root"
