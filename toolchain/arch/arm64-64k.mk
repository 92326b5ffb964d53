# SPDX-License-Identifier: MIT
# arm64 with the 64K granule: 2M (contiguous PTEs), 512M and 16G (contiguous
# PMDs). The kernel registers 16G with an empty pool: a 16G mapping can get as
# far as its reservation, which is what the LEGACY_MAP_MASK patch is about
# (check-map-16gb boots the kernel with and without the series).
include toolchain/arch/arm64.mk
ARCH_MEM      := 4G
ARCH_POOLS    := hugepagesz=512M hugepages=2 hugepagesz=2M hugepages=320 default_hugepagesz=2M
ARCH_SIZES    := 2MB 512MB 16GB
# Booted on the kernel without the series too (check-unpatched): EOPNOTSUPP
# there, ENOMEM in the main suite.
ARCH_UNPATCHED := map_16gb
