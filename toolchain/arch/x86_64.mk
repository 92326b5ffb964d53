# SPDX-License-Identifier: MIT
# x86-64, the default guest: 2M and 1G pages (1G needs -cpu max's pdpe1gb and
# an aligned free gigabyte, hence -m 6G).
KARCH_x86_64               := x86_64
UAPI_ARCH_x86_64           := x86
IMAGE_x86_64               := arch/x86/boot/bzImage
KCROSS_x86_64              :=
TRIPLET_x86_64             := x86_64-linux-gnu
DEB_ARCH_x86_64            := amd64
MUSL_ARCH_x86_64           := x86_64
QEMU_x86_64                := qemu-system-x86_64
MACHINE_x86_64             :=
CONSOLE_x86_64             := ttyS0
MEM_x86_64                 := 6G
POOLS_x86_64               := hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
SIZES_x86_64               := 2MB 1GB
FLAVOURS_x86_64            := musl stock-musl glibc
DEBUG_x86_64               := kasan vm-pgtable page-table-check
# The debug kernel's slabs (SLUB debugging, KASAN's quarantine) take 213 MB
# after the suite, against 3 MB, and leave no free aligned gigabyte below
# 4G for pool_resize's runtime 1G page: 2G more (doc/guest.md).
DEBUG_MEM_x86_64           := 8G
QEMU_PACKAGE_x86_64        := qemu-system-x86
# The NUMA guest (check-numa): two nodes by the kernel's NUMA emulation, which
# halves the memory (QEMU's own nodes come to the kernel only through ACPI,
# which the guest kernel leaves out), per-node pools.
GUESTS_x86_64              := check-numa
PROGRAMS_x86_64.check-numa := numa
MEM_x86_64.check-numa      := 9G
KARGS_x86_64.check-numa    := numa=fake=2
POOLS_x86_64.check-numa    := hugepagesz=1G hugepages=0:1,1:1 hugepagesz=2M hugepages=0:64,1:64 default_hugepagesz=2M
HELP_x86_64.check-numa     := tests/guest/numa/numa.c in a guest with two NUMA nodes
