# SPDX-License-Identifier: MIT
# armhf: 32-bit arm (ARMv7, hard float) with LPAE on QEMU's virt machine
# (Cortex-A15), PL011 console. With LPAE hugetlb pages are PMD sections,
# one size: 2M (HPAGE_SHIFT = PMD_SHIFT; arch/arm has no
# arch_hugetlb_valid_size(), so no 1G even with LPAE). No highmem: the pool
# comes from the lowmem of the 3G/1G split.
KARCH_armhf        := arm
UAPI_ARCH_armhf    := arm
IMAGE_armhf        := arch/arm/boot/zImage
KCROSS_armhf       := arm-linux-gnueabihf-
TRIPLET_armhf      := arm-linux-gnueabihf
DEB_ARCH_armhf     := armhf
MUSL_ARCH_armhf    := arm
QEMU_armhf         := qemu-system-arm
MACHINE_armhf      := -M virt
CPU_armhf          := cortex-a15
CONSOLE_armhf      := ttyAMA0
MEM_armhf          := 1G
POOLS_armhf        := hugepagesz=2M hugepages=160 default_hugepagesz=2M
SIZES_armhf        := 2MB
FLAVOURS_armhf     := musl glibc
DEBUG_armhf        := kasan
QEMU_PACKAGE_armhf := qemu-system-arm
