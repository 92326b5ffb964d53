#!/bin/sh
# Usage: musl-build.sh SRC OBJ PREFIX
# Builds musl from SRC in OBJ (static libc.a only) and installs it into
# PREFIX: lib/, include/ and bin/musl-gcc, musl's own wrapper that runs the
# system gcc with a specs file pointing at PREFIX. Configures only once;
# later calls rebuild what changed (musl's objects do not depend on the
# public headers, which the install step copies when they are newer).
set -eu
src=$(realpath "${1:?usage: musl-build.sh SRC OBJ PREFIX}")
obj=${2:?usage: musl-build.sh SRC OBJ PREFIX}
prefix=$(realpath -m "${3:?usage: musl-build.sh SRC OBJ PREFIX}")
mkdir -p "$obj"
cd "$obj"
if ! grep -qx "prefix = $prefix" config.mak 2>/dev/null; then
	"$src/configure" --prefix="$prefix" --syslibdir="$prefix/lib" \
		--disable-shared --enable-wrapper=gcc CC=gcc
fi
make -j"$(nproc)"
make install
