# SPDX-License-Identifier: MIT
# arm64 with the 4K granule: 64K (contiguous PTEs), 2M, 32M (contiguous PMDs)
# and 1G. QEMU's virt machine, PL011 console.
KARCH_arm64        := arm64
UAPI_ARCH_arm64    := arm64
IMAGE_arm64        := arch/arm64/boot/Image
KCROSS_arm64       := aarch64-linux-gnu-
TRIPLET_arm64      := aarch64-linux-gnu
DEB_ARCH_arm64     := arm64
MUSL_ARCH_arm64    := aarch64
QEMU_arm64         := qemu-system-aarch64
MACHINE_arm64      := -M virt
CONSOLE_arm64      := ttyAMA0
MEM_arm64          := 6G
POOLS_arm64        := hugepagesz=1G hugepages=2 hugepagesz=32M hugepages=8 hugepagesz=2M hugepages=320 \
		 hugepagesz=64K hugepages=64 default_hugepagesz=2M
SIZES_arm64        := 64KB 2MB 32MB 1GB
FLAVOURS_arm64     := musl glibc
DEBUG_arm64        := kasan vm-pgtable page-table-check
QEMU_PACKAGE_arm64 := qemu-system-arm
