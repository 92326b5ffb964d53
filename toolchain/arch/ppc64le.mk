# SPDX-License-Identifier: MIT
# ppc64le: QEMU's pseries machine with a POWER9, 64K base pages, booted by
# QEMU's small Virtual Open Firmware (x-vof=on: `make run` 2.4 s from QEMU
# start to power-off, 7.4 s with SLOF under TCG). One kernel, two MMUs: radix, the main boot, with
# 2M and 1G (1G needs an aligned free gigabyte at boot, and pool_resize one
# more at run time: -m 6G; 5G is not enough), and hash (check-guest-hash,
# below).
KARCH_ppc64le                      := powerpc
UAPI_ARCH_ppc64le                  := powerpc
IMAGE_ppc64le                      := vmlinux
KCROSS_ppc64le                     := powerpc64le-linux-gnu-
TRIPLET_ppc64le                    := powerpc64le-linux-gnu
DEB_ARCH_ppc64le                   := ppc64el
MUSL_ARCH_ppc64le                  := powerpc64
# musl's powerpc64 long double is the 64-bit one; Debian's gcc defaults to 128.
MUSL_CFLAGS_ppc64le                := -mlong-double-64
QEMU_ppc64le                       := qemu-system-ppc64
MACHINE_ppc64le                    := -M pseries,x-vof=on
CPU_ppc64le                        := power9
CONSOLE_ppc64le                    := hvc0
MEM_ppc64le                        := 6G
POOLS_ppc64le                      := hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
SIZES_ppc64le                      := 2MB 1GB
FLAVOURS_ppc64le                   := musl glibc
DEBUG_ppc64le                      := kasan vm-pgtable
QEMU_PACKAGE_ppc64le               := qemu-system-ppc
# The hash MMU (check-guest-hash): the same kernel with disable_radix, the
# musl suite with 16M pools. QEMU 7.2's pseries offers the hash MMU only 4K
# and 64K pages unless cap-hpt-max-page-size says more. At 16G the device
# tree lists 16G too and the kernel registers it with an empty pool that
# cannot be written at all (pseries takes 16G pages only from the firmware's
# ibm,expected#pages, which QEMU does not write, and a hash LPAR has no
# run-time gigantic pages: nr_hugepages is EINVAL), so 16M it is.
GUESTS_ppc64le                     := check-guest-hash
PROGRAMS_ppc64le.check-guest-hash  := suite
KARGS_ppc64le.check-guest-hash     := disable_radix
QEMU_ARGS_ppc64le.check-guest-hash := -machine cap-hpt-max-page-size=16M
MEM_ppc64le.check-guest-hash       := 2G
POOLS_ppc64le.check-guest-hash     := hugepagesz=16M hugepages=40 default_hugepagesz=16M
SIZES_ppc64le.check-guest-hash     := 16MB
HELP_ppc64le.check-guest-hash      := the musl suite on the kernel booted with disable_radix
