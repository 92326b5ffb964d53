# SPDX-License-Identifier: MIT
# sh4: QEMU's r2d board (Renesas RTS7751R2D, an SH7751R, SH-4 without
# X2TLB), little endian, 4K pages, its fixed 64M of RAM. Without X2TLB
# arch/sh/mm/Kconfig offers one hugetlb size per kernel, 64K (the default)
# or 1M: 64K here. The console is the SCIF, the second serial port (ttySC1),
# so QEMU's first one goes nowhere.
KARCH_sh4        := sh
UAPI_ARCH_sh4    := sh
IMAGE_sh4        := arch/sh/boot/zImage
KCROSS_sh4       := sh4-linux-gnu-
TRIPLET_sh4      := sh4-linux-gnu
DEB_ARCH_sh4     := sh4
MUSL_ARCH_sh4    := sh
QEMU_sh4         := qemu-system-sh4
MACHINE_sh4      := -M r2d
CPU_sh4          := sh7751r
SMP_sh4          := 1
CONSOLE_sh4      := ttySC1
MEM_sh4          := 64M
POOLS_sh4        := hugepagesz=64K hugepages=96 default_hugepagesz=64K
SIZES_sh4        := 64KB
FLAVOURS_sh4     := musl
DEBUG_sh4        :=
QEMU_PACKAGE_sh4 := qemu-system-misc
QEMU_ARGS_sh4    := -serial null
# No Debian suite has sh4 (it is a port outside the archive): busybox and
# bash are built from Debian 12's source with the guest's musl.
STATIC_SOURCE_sh4 := yes
