#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: uapi-install.sh KSRC ARCH OUT OBJ
# Installs the uapi headers of kbuild architecture ARCH of the kernel tree
# KSRC, afresh, into OUT/include; kbuild's objects go to OBJ. KSRC is only
# read.
set -eu
usage="usage: uapi-install.sh KSRC ARCH OUT OBJ"
ksrc=${1:?$usage} arch=${2:?$usage}
out=$(realpath -m "${3:?$usage}") obj=$(realpath -m "${4:?$usage}")
[ -d "$ksrc/arch/$arch/include/uapi" ] ||
	{ echo "error: $ksrc has no architecture $arch (UAPI_ARCHES in toolchain/kernel/kernel.mk)" >&2; exit 1; }
rm -rf "$out"
make -s -C "$ksrc" O="$obj" ARCH="$arch" headers_install INSTALL_HDR_PATH="$out"
