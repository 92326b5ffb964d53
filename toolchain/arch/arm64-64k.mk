# SPDX-License-Identifier: MIT
# arm64 with the 64K granule: 2M (contiguous PTEs), 512M and 16G (contiguous
# PMDs). The suite runs with an empty 16G pool; check-giant and
# check-unpatched boot with one 16G page, which MAP_SHARED_VALIDATE can map
# only with the series (the LEGACY_MAP_MASK patch).
include toolchain/arch/arm64.mk
ARCH_MEM      := 4G
ARCH_POOLS    := hugepagesz=512M hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
ARCH_SIZES    := 2MB 512MB 16GB
# Booted on the kernel without the series too (check-unpatched): EOPNOTSUPP
# there; ENOMEM in the main suite, the page mapped in check-giant.
ARCH_UNPATCHED := map_16gb
ARCH_GIANT     := map_16gb
# A 16G-aligned block: QEMU virt's RAM starts at 1G, so it must reach past
# 32G, with room above for the kernel's early allocations (memblock takes
# from the top). QEMU backs only what the guest touches, and the test never
# faults the page; reserve=off keeps the 34G out of the host's commit
# accounting, which would refuse more than the host's RAM.
ARCH_GIANT_MEM   := 34G
ARCH_GIANT_POOLS := hugepagesz=16G hugepages=1 hugepagesz=2M hugepages=16 default_hugepagesz=2M
ARCH_GIANT_QEMU  := -object memory-backend-ram,id=giant,size=$(ARCH_GIANT_MEM),reserve=off \
		    -machine memory-backend=giant
