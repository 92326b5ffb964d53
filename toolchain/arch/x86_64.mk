# SPDX-License-Identifier: MIT
# x86-64, the default guest: 2M and 1G pages (1G needs -cpu max's pdpe1gb and
# an aligned free gigabyte, hence -m 6G).
ARCH_KARCH    := x86_64
ARCH_UAPI     := x86
ARCH_IMAGE_PATH := arch/x86/boot/bzImage
ARCH_KCROSS   :=
ARCH_TRIPLET  := x86_64-linux-gnu
ARCH_DEB      := amd64
ARCH_MUSL     := x86_64
ARCH_QEMU     := qemu-system-x86_64
ARCH_MACHINE  :=
ARCH_CONSOLE  := ttyS0
ARCH_MEM      := 6G
ARCH_POOLS    := hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
ARCH_SIZES    := 2MB 1GB
ARCH_FLAVOURS := musl stock-musl glibc
ARCH_QEMU_PACKAGE := qemu-system-x86
# The NUMA guest (check-numa): two nodes by the kernel's NUMA emulation, which
# halves the memory (QEMU's own nodes come to the kernel only through ACPI,
# which the guest kernel leaves out), per-node pools.
ARCH_NUMA_MEM   := 9G
ARCH_NUMA_ARGS  := numa=fake=2
ARCH_NUMA_POOLS := hugepagesz=1G hugepages=0:1,1:1 hugepagesz=2M hugepages=0:64,1:64 default_hugepagesz=2M
