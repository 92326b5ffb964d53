# SPDX-License-Identifier: MIT
# i386 without PAE: one huge page size, 4M (PSE), the size the kernel series
# adds MAP_HUGE_4MB for. No highmem: the pool comes from the 896M of lowmem.
# The kernel is built by the host gcc (-m32 from the kernel's Makefile); the
# guest programs by Debian's i686 cross gcc, which brings a 32-bit libgcc.
KARCH_i386        := i386
UAPI_ARCH_i386    := x86
IMAGE_i386        := arch/x86/boot/bzImage
KCROSS_i386       :=
TRIPLET_i386      := i686-linux-gnu
DEB_ARCH_i386     := i386
MUSL_ARCH_i386    := i386
QEMU_i386         := qemu-system-i386
MACHINE_i386      :=
CONSOLE_i386      := ttyS0
MEM_i386          := 1G
POOLS_i386        := hugepagesz=4M hugepages=100 default_hugepagesz=4M
SIZES_i386        := 4MB
FLAVOURS_i386     := musl glibc
DEBUG_i386        := vm-pgtable
QEMU_PACKAGE_i386 := qemu-system-x86
