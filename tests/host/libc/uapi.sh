#!/bin/sh
# Usage: uapi.sh KSRC OUT
# Installs the uapi headers of every architecture of the kernel tree KSRC
# (but um, which has none) into OUT/ARCH/include, through one object folder
# OUT/.kobj so that the host tools are built once. KSRC is only read.
set -eu
ksrc=${1:?usage: uapi.sh KSRC OUT}
out=$(realpath -m "${2:?usage: uapi.sh KSRC OUT}")
mkdir -p "$out"
for dir in "$ksrc"/arch/*/include/uapi; do
	arch=${dir#"$ksrc"/arch/}
	arch=${arch%%/*}
	[ "$arch" = um ] && continue
	rm -rf "${out:?}/$arch"
	make -s -C "$ksrc" O="$out/.kobj" ARCH="$arch" headers_install INSTALL_HDR_PATH="$out/$arch"
done
