# SPDX-License-Identifier: MIT
# arm64 with the 64K granule: 2M (contiguous PTEs), 512M and 16G (contiguous
# PMDs). The suite runs with an empty 16G pool; check-giant and
# check-unpatched boot with one 16G page, which MAP_SHARED_VALIDATE can map
# only with the series (the LEGACY_MAP_MASK patch).
# The rest is arm64's.
KARCH_arm64-64k                          = $(KARCH_arm64)
UAPI_ARCH_arm64-64k                      = $(UAPI_ARCH_arm64)
IMAGE_arm64-64k                          = $(IMAGE_arm64)
KCROSS_arm64-64k                         = $(KCROSS_arm64)
TRIPLET_arm64-64k                        = $(TRIPLET_arm64)
DEB_ARCH_arm64-64k                       = $(DEB_ARCH_arm64)
MUSL_ARCH_arm64-64k                      = $(MUSL_ARCH_arm64)
QEMU_arm64-64k                           = $(QEMU_arm64)
MACHINE_arm64-64k                        = $(MACHINE_arm64)
CONSOLE_arm64-64k                        = $(CONSOLE_arm64)
FLAVOURS_arm64-64k                       = $(FLAVOURS_arm64)
DEBUG_arm64-64k                          = $(DEBUG_arm64)
QEMU_PACKAGE_arm64-64k                   = $(QEMU_PACKAGE_arm64)
MEM_arm64-64k                            := 4G
POOLS_arm64-64k                          := hugepagesz=512M hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
SIZES_arm64-64k                          := 2MB 512MB 16GB
# map_16gb, booted on the kernel without the series too (check-unpatched):
# EOPNOTSUPP there; ENOMEM in the main suite, the page mapped in check-giant.
GUESTS_arm64-64k                         := check-unpatched check-giant
PROGRAMS_arm64-64k.check-unpatched       := map_16gb
PROGRAMS_arm64-64k.check-giant           := map_16gb
KERNEL_PATCHES_arm64-64k.check-unpatched := none
HELP_arm64-64k.check-unpatched           := map_16gb on linux-$(KVER) without the series: the old behaviour
HELP_arm64-64k.check-giant               := map_16gb in a guest with a page of the largest size reserved (34G of guest memory)
# A 16G-aligned block: QEMU virt's RAM starts at 1G, so it must reach past
# 32G, with room above for the kernel's early allocations (memblock takes
# from the top). QEMU backs only what the guest touches, and the test never
# faults the page; reserve=off keeps the 34G out of the host's commit
# accounting, which would refuse more than the host's RAM.
MEM_arm64-64k.check-giant                := 34G
POOLS_arm64-64k.check-giant              := hugepagesz=16G hugepages=1 hugepagesz=2M hugepages=16 default_hugepagesz=2M
QEMU_ARGS_arm64-64k.check-giant          := -object memory-backend-ram,id=giant,size=34G,reserve=off \
	-machine memory-backend=giant
# check-unpatched boots with the same page.
MEM_arm64-64k.check-unpatched            = $(MEM_arm64-64k.check-giant)
POOLS_arm64-64k.check-unpatched          = $(POOLS_arm64-64k.check-giant)
QEMU_ARGS_arm64-64k.check-unpatched      = $(QEMU_ARGS_arm64-64k.check-giant)
