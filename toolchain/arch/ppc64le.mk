# SPDX-License-Identifier: MIT
# ppc64le: QEMU's pseries machine with a POWER9, 64K base pages, booted by
# QEMU's small Virtual Open Firmware (x-vof=on: `make run` 2.4 s from QEMU
# start to power-off, 7.4 s with SLOF under TCG). One kernel, two MMUs: radix, the main boot, with
# 2M and 1G (1G needs an aligned free gigabyte at boot, and pool_resize one
# more at run time: -m 6G; 5G is not enough), and hash (check-guest-hash,
# below).
ARCH_KARCH    := powerpc
ARCH_UAPI     := powerpc
ARCH_IMAGE_PATH := vmlinux
ARCH_KCROSS   := powerpc64le-linux-gnu-
ARCH_TRIPLET  := powerpc64le-linux-gnu
ARCH_DEB      := ppc64el
ARCH_MUSL     := powerpc64
# musl's powerpc64 long double is the 64-bit one; Debian's gcc defaults to 128.
ARCH_MUSL_CFLAGS := -mlong-double-64
ARCH_QEMU     := qemu-system-ppc64
ARCH_MACHINE  := -M pseries,x-vof=on
ARCH_CPU      := power9
ARCH_CONSOLE  := hvc0
ARCH_MEM      := 6G
ARCH_POOLS    := hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
ARCH_SIZES    := 2MB 1GB
ARCH_FLAVOURS := musl glibc
ARCH_QEMU_PACKAGE := qemu-system-ppc
# The hash MMU (check-guest-hash): the same kernel with disable_radix, the
# musl suite with 16M pools. QEMU 7.2's pseries offers the hash MMU only 4K
# and 64K pages unless cap-hpt-max-page-size says more. At 16G the device
# tree lists 16G too and the kernel registers it with an empty pool that
# cannot be written at all (pseries takes 16G pages only from the firmware's
# ibm,expected#pages, which QEMU does not write, and a hash LPAR has no
# run-time gigantic pages: nr_hugepages is EINVAL), so 16M it is.
ARCH_VARIANTS           := hash
ARCH_VARIANT_ARGS.hash  := disable_radix
ARCH_VARIANT_QEMU.hash  := -machine cap-hpt-max-page-size=16M
ARCH_VARIANT_MEM.hash   := 2G
ARCH_VARIANT_POOLS.hash := hugepagesz=16M hugepages=40 default_hugepagesz=16M
ARCH_VARIANT_SIZES.hash := 16MB
