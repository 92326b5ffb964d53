#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: musl-headers.sh SRC OUT
# Installs musl's headers from SRC for every architecture in SRC/arch into
# OUT/ARCH/include, afresh. No compiler is needed: musl's install-headers only
# copies the headers and generates bits/alltypes.h and bits/syscall.h.
set -eu
src=$(realpath "${1:?usage: musl-headers.sh SRC OUT}")
out=$(realpath -m "${2:?usage: musl-headers.sh SRC OUT}")
for dir in "$src"/arch/*/; do
	arch=$(basename "$dir")
	[ "$arch" = generic ] && continue
	rm -rf "${out:?}/$arch"
	mkdir -p "$out/.obj/$arch"
	make -s -C "$out/.obj/$arch" -f "$src/Makefile" srcdir="$src" ARCH="$arch" \
		prefix= includedir=/include DESTDIR="$out/$arch" install-headers
done
