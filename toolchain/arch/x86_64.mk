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
# The NUMA guest (check-numa): two nodes from QEMU's ACPI SRAT, per-node
# pools. Node 0 gets 5G: QEMU puts its first 3G below the PCI hole, and the
# kernel's early allocations take the top of a node, so only the 5G node has
# an aligned gigabyte free at boot for its 1G page.
ARCH_NUMA_MEM   := 9G
ARCH_NUMA_QEMU  := -object memory-backend-ram,id=m0,size=5G -object memory-backend-ram,id=m1,size=4G \
		   -numa node,nodeid=0,cpus=0,memdev=m0 -numa node,nodeid=1,cpus=1,memdev=m1
ARCH_NUMA_POOLS := hugepagesz=1G hugepages=0:1,1:1 hugepagesz=2M hugepages=0:64,1:64 default_hugepagesz=2M
