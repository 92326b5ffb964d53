#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: musl-build.sh SRC OBJ PREFIX [TRIPLET]
# Builds musl from SRC in OBJ (static libc.a only) and installs it into
# PREFIX: lib/, include/ and bin/musl-gcc, musl's own wrapper that runs the
# compiler with a specs file pointing at PREFIX. The compiler is the system
# gcc, or TRIPLET-gcc (a Debian cross gcc) for another architecture.
# MUSL_CFLAGS (the arch table's MUSL_CFLAGS_A) are flags the compiler
# needs for musl's ABI on the target, in the build and in the wrapper: on
# powerpc64 -mlong-double-64, where Debian's gcc defaults to IBM's 128-bit
# long double and musl knows only the 64-bit one.
# Configures only once per OBJ; later calls rebuild what changed (musl's objects do
# not depend on the public headers, which the install step copies when they
# are newer).
set -eu
usage="usage: musl-build.sh SRC OBJ PREFIX [TRIPLET]"
src=$(realpath "${1:?$usage}")
obj=${2:?$usage}
prefix=$(realpath -m "${3:?$usage}")
triplet=${4:-}
cc=${triplet:+$triplet-}gcc
command -v "$cc" >/dev/null || { echo "error: $cc not found (its Debian package is in PKG.cc of toolchain/deps/deps.mk)" >&2; exit 1; }
mkdir -p "$obj"
cd "$obj"
if ! grep -qx "prefix = $prefix" config.mak 2>/dev/null; then
	# A new OBJ is a new source (the caller names it after the version):
	# nothing another version installed stays in PREFIX.
	rm -rf "$prefix"
	"$src/configure" --prefix="$prefix" --syslibdir="$prefix/lib" \
		${triplet:+--target="$triplet"} --disable-shared --enable-wrapper=gcc CC="$cc" \
		${MUSL_CFLAGS:+CFLAGS="$MUSL_CFLAGS"}
fi
# musl's config.mak sets ARCH: none from a calling make may override it.
unset MAKEFLAGS MFLAGS
make -j"$(nproc)"
make install
# The flags go between the compiler and "$@", once (make install leaves an
# unchanged wrapper alone).
if [ -n "${MUSL_CFLAGS:-}" ] && ! grep -qF -- "$MUSL_CFLAGS" "$prefix/bin/musl-gcc"; then
	sed -i "s|^\(exec \"[^\"]*\"\) \"|\1 $MUSL_CFLAGS \"|" "$prefix/bin/musl-gcc"
fi
