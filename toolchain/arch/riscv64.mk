# SPDX-License-Identifier: MIT
# riscv64 (4K pages; the kernel picks Sv48 on QEMU's rv64): 64K (Svnapot
# contiguous PTEs), 2M and 1G. QEMU's virt machine with OpenSBI (QEMU's default -bios), 16550 console from the
# device tree. QEMU 7.2 has no -cpu max for RISC-V: rv64 with Svnapot on.
ARCH_KARCH    := riscv
ARCH_UAPI     := riscv
ARCH_IMAGE_PATH := arch/riscv/boot/Image
ARCH_KCROSS   := riscv64-linux-gnu-
ARCH_TRIPLET  := riscv64-linux-gnu
ARCH_DEB      := riscv64
ARCH_MUSL     := riscv64
ARCH_QEMU     := qemu-system-riscv64
ARCH_MACHINE  := -M virt
ARCH_CPU      := rv64,svnapot=on
ARCH_CONSOLE  := ttyS0
# pool_resize grows the 1G pool at run time: that needs an aligned gigabyte
# free of unmovable memory. RAM starts at 2G; the kernel takes the first
# gigabyte, the boot pool two of the top ones (the memory map the last), the
# 2M pool the rest of the Normal zone; 3G-4G stays free once the 64 MB
# bounce buffer that swiotlb reserves at the top of DMA32 is dropped (no
# device of the guest does DMA).
ARCH_MEM      := 5G
ARCH_POOLS    := hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=320 \
		 hugepagesz=64K hugepages=64 default_hugepagesz=2M swiotlb=noforce
ARCH_SIZES    := 64KB 2MB 1GB
ARCH_FLAVOURS := musl glibc
ARCH_QEMU_PACKAGE := qemu-system-misc
# Debian 12 has no riscv64 port: busybox-static and bash-static come from
# Debian 13.
ARCH_DEB_SUITE := trixie
