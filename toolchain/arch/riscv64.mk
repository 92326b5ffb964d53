# SPDX-License-Identifier: MIT
# riscv64 (4K pages; the kernel picks Sv48 on QEMU's rv64): 64K (Svnapot
# contiguous PTEs), 2M and 1G. QEMU's virt machine with OpenSBI (QEMU's default -bios), 16550 console from the
# device tree. QEMU 7.2 has no -cpu max for RISC-V: rv64 with Svnapot on.
KARCH_riscv64        := riscv
UAPI_ARCH_riscv64    := riscv
IMAGE_riscv64        := arch/riscv/boot/Image
KCROSS_riscv64       := riscv64-linux-gnu-
TRIPLET_riscv64      := riscv64-linux-gnu
DEB_ARCH_riscv64     := riscv64
MUSL_ARCH_riscv64    := riscv64
QEMU_riscv64         := qemu-system-riscv64
MACHINE_riscv64      := -M virt
CPU_riscv64          := rv64,svnapot=on
CONSOLE_riscv64      := ttyS0
# pool_resize grows the 1G pool at run time: that needs an aligned gigabyte
# free of unmovable memory. RAM starts at 2G; the kernel takes the first
# gigabyte, the boot pool two of the top ones (the memory map the last), the
# 2M pool the rest of the Normal zone; 3G-4G stays free once the 64 MB
# bounce buffer that swiotlb reserves at the top of DMA32 is dropped (no
# device of the guest does DMA).
MEM_riscv64          := 5G
POOLS_riscv64        := hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=320 \
		 hugepagesz=64K hugepages=64 default_hugepagesz=2M swiotlb=noforce
SIZES_riscv64        := 64KB 2MB 1GB
FLAVOURS_riscv64     := musl glibc
DEBUG_riscv64        := kasan vm-pgtable page-table-check
QEMU_PACKAGE_riscv64 := qemu-system-misc
# Debian 12 has no riscv64 port: busybox-static and bash-static come from
# Debian 13.
DEB_SUITE_riscv64    := trixie
