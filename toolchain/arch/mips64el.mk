# SPDX-License-Identifier: MIT
# mips64el: QEMU's Malta board with a MIPS64 release 2 CPU, a 64-bit
# little-endian kernel with 4K pages, so one huge page size: 2M
# (HPAGE_SHIFT = 2 * PAGE_SHIFT - 3, a pair of 1M TLB entries). Malta takes
# at most 2G in QEMU. MAP_HUGETLB is 0x80000 here, not x86's 0x40000.
ARCH_KARCH    := mips
ARCH_UAPI     := mips
ARCH_IMAGE_PATH := vmlinux
ARCH_KCROSS   := mips64el-linux-gnuabi64-
ARCH_TRIPLET  := mips64el-linux-gnuabi64
ARCH_DEB      := mips64el
ARCH_MUSL     := mips64
ARCH_QEMU     := qemu-system-mips64el
ARCH_MACHINE  := -M malta
ARCH_CPU      := MIPS64R2-generic
# One CPU: Malta's SMP is the Coherent Processing System, which QEMU gives
# only CPUs with a CM (I6400, release 6, which Debian's mips64el programs do
# not run on); the kernel says "MIPS CPS SMP unable to proceed without a CM"
# and a second QEMU CPU only spins in the boot loader, slowing the boot.
ARCH_SMP      := 1
ARCH_CONSOLE  := ttyS0
ARCH_MEM      := 1G
ARCH_POOLS    := hugepagesz=2M hugepages=160 default_hugepagesz=2M
ARCH_SIZES    := 2MB
ARCH_FLAVOURS := musl stock-musl glibc
ARCH_QEMU_PACKAGE := qemu-system-mips
