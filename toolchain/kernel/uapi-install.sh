#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: uapi-install.sh KSRC ARCH OUT OBJ
# Installs the uapi headers of kbuild architecture ARCH of the kernel tree
# KSRC, afresh, into OUT/include; kbuild's objects go to OBJ. KSRC is only
# read.
#
# One OBJ serves every architecture of a tree, one at a time (a lock): the
# 900-odd headers of include/uapi are the same for all of them, and kbuild
# rewrites a header only when its command changed, so after the first
# architecture only the arch/ARCH headers are processed again (a fresh OBJ
# per architecture took 40 to 90 s each, most of it those shared headers).
set -eu
usage="usage: uapi-install.sh KSRC ARCH OUT OBJ"
ksrc=${1:?$usage} arch=${2:?$usage}
out=$(realpath -m "${3:?$usage}") obj=$(realpath -m "${4:?$usage}")
[ -d "$ksrc/arch/$arch/include/uapi" ] ||
	{ echo "error: $ksrc has no architecture $arch (UAPI_ARCHES in toolchain/kernel/kernel.mk)" >&2; exit 1; }
mkdir -p "$obj"
exec 9>"$obj.lock"
flock 9
rm -rf "$out"
make -s -C "$ksrc" O="$obj" ARCH="$arch" headers_install INSTALL_HDR_PATH="$out"
