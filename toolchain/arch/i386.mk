# SPDX-License-Identifier: MIT
# i386 without PAE: one huge page size, 4M (PSE), the size the kernel series
# adds MAP_HUGE_4MB for. No highmem: the pool comes from the 896M of lowmem.
# The kernel is built by the host gcc (-m32 from the kernel's Makefile); the
# guest programs by Debian's i686 cross gcc, which brings a 32-bit libgcc.
ARCH_KARCH    := i386
ARCH_UAPI     := x86
ARCH_IMAGE_PATH := arch/x86/boot/bzImage
ARCH_KCROSS   :=
ARCH_TRIPLET  := i686-linux-gnu
ARCH_DEB      := i386
ARCH_MUSL     := i386
ARCH_QEMU     := qemu-system-i386
ARCH_MACHINE  :=
ARCH_CONSOLE  := ttyS0
ARCH_MEM      := 1G
ARCH_POOLS    := hugepagesz=4M hugepages=100 default_hugepagesz=4M
ARCH_SIZES    := 4MB
ARCH_FLAVOURS := musl glibc
ARCH_QEMU_PACKAGE := qemu-system-x86
