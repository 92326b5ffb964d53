# SPDX-License-Identifier: MIT
# armhf: 32-bit arm (ARMv7, hard float) with LPAE on QEMU's virt machine
# (Cortex-A15), PL011 console. With LPAE hugetlb pages are PMD sections,
# one size: 2M (HPAGE_SHIFT = PMD_SHIFT; arch/arm has no
# arch_hugetlb_valid_size(), so no 1G even with LPAE). No highmem: the pool
# comes from the lowmem of the 3G/1G split.
ARCH_KARCH    := arm
ARCH_UAPI     := arm
ARCH_IMAGE_PATH := arch/arm/boot/zImage
ARCH_KCROSS   := arm-linux-gnueabihf-
ARCH_TRIPLET  := arm-linux-gnueabihf
ARCH_DEB      := armhf
ARCH_MUSL     := arm
ARCH_QEMU     := qemu-system-arm
ARCH_MACHINE  := -M virt
ARCH_CPU      := cortex-a15
ARCH_CONSOLE  := ttyAMA0
ARCH_MEM      := 1G
ARCH_POOLS    := hugepagesz=2M hugepages=160 default_hugepagesz=2M
ARCH_SIZES    := 2MB
ARCH_FLAVOURS := musl glibc
ARCH_QEMU_PACKAGE := qemu-system-arm
