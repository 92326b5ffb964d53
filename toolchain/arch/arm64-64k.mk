# SPDX-License-Identifier: MIT
# arm64 with the 64K granule: 2M (contiguous PTEs), 512M and 16G (contiguous
# PMDs). The suite runs with an empty 16G pool; check-giant and
# check-unpatched boot with one 16G page, which MAP_SHARED_VALIDATE can map
# only with the series (the LEGACY_MAP_MASK patch).
# The rest is arm64's.
$(foreach v,KARCH UAPI_ARCH IMAGE KCROSS TRIPLET DEB_ARCH MUSL_ARCH QEMU MACHINE CONSOLE FLAVOURS QEMU_PACKAGE,\
	$(eval $(v)_arm64-64k = $$($(v)_arm64)))
MEM_arm64-64k                            := 4G
POOLS_arm64-64k                          := hugepagesz=512M hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
SIZES_arm64-64k                          := 2MB 512MB 16GB
# map_16gb, booted on the kernel without the series too (check-unpatched):
# EOPNOTSUPP there; ENOMEM in the main suite, the page mapped in check-giant.
GUESTS_arm64-64k                         := check-unpatched check-giant
PROGRAMS_arm64-64k.check-unpatched       = $(call guest_programs,musl,map_16gb)
PROGRAMS_arm64-64k.check-giant           = $(call guest_programs,musl,map_16gb)
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
$(foreach v,MEM POOLS QEMU_ARGS,$(eval $(v)_arm64-64k.check-unpatched := $$($(v)_arm64-64k.check-giant)))
