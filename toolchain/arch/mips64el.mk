# SPDX-License-Identifier: MIT
# mips64el: QEMU's Malta board with a MIPS64 release 2 CPU, a 64-bit
# little-endian kernel with 4K pages, so one huge page size: 2M
# (HPAGE_SHIFT = 2 * PAGE_SHIFT - 3, a pair of 1M TLB entries). Malta takes
# at most 2G in QEMU. MAP_HUGETLB is 0x80000 here, not x86's 0x40000.
KARCH_mips64el        := mips
UAPI_ARCH_mips64el    := mips
IMAGE_mips64el        := vmlinux
KCROSS_mips64el       := mips64el-linux-gnuabi64-
TRIPLET_mips64el      := mips64el-linux-gnuabi64
DEB_ARCH_mips64el     := mips64el
MUSL_ARCH_mips64el    := mips64
QEMU_mips64el         := qemu-system-mips64el
MACHINE_mips64el      := -M malta
CPU_mips64el          := MIPS64R2-generic
# One CPU: Malta's SMP is the Coherent Processing System, which QEMU gives
# only CPUs with a CM (I6400, release 6, which Debian's mips64el programs do
# not run on); the kernel says "MIPS CPS SMP unable to proceed without a CM"
# and a second QEMU CPU only spins in the boot loader, slowing the boot.
SMP_mips64el          := 1
CONSOLE_mips64el      := ttyS0
MEM_mips64el          := 1G
POOLS_mips64el        := hugepagesz=2M hugepages=160 default_hugepagesz=2M
SIZES_mips64el        := 2MB
FLAVOURS_mips64el     := musl stock-musl glibc
DEBUG_mips64el        :=
QEMU_PACKAGE_mips64el := qemu-system-mips
