# SPDX-License-Identifier: MIT
# arm64 with the 4K granule: 64K (contiguous PTEs), 2M, 32M (contiguous PMDs)
# and 1G. QEMU's virt machine, PL011 console.
ARCH_KARCH    := arm64
ARCH_UAPI     := arm64
ARCH_IMAGE_PATH := arch/arm64/boot/Image
ARCH_KCROSS   := aarch64-linux-gnu-
ARCH_TRIPLET  := aarch64-linux-gnu
ARCH_DEB      := arm64
ARCH_MUSL     := aarch64
ARCH_QEMU     := qemu-system-aarch64
ARCH_MACHINE  := -M virt
ARCH_CONSOLE  := ttyAMA0
ARCH_MEM      := 6G
ARCH_POOLS    := hugepagesz=1G hugepages=2 hugepagesz=32M hugepages=8 hugepagesz=2M hugepages=320 \
		 hugepagesz=64K hugepages=64 default_hugepagesz=2M
ARCH_SIZES    := 64KB 2MB 32MB 1GB
ARCH_FLAVOURS := musl glibc
ARCH_QEMU_PACKAGE := qemu-system-arm
