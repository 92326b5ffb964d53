# SPDX-License-Identifier: MIT
# s390x (64-bit, big-endian) on QEMU's s390-ccw-virtio machine, SCLP (VT220)
# console. Its huge pages need EDAT-1 (1M, segment) and EDAT-2 (2G, region
# third); QEMU's TCG offers neither (-cpu max has edat=off, edat2=off), and
# linux then registers no hugetlb size at all (hugepages_supported() is
# cpu_has_edat1(): no /sys/kernel/mm/hugepages, the pools below are ignored
# with "HugeTLB: hugepages unsupported"). SIZES_s390x none says so: the guest
# must offer none, and the suite SKIPs what needs a huge page.
KARCH_s390x        := s390
UAPI_ARCH_s390x    := s390
IMAGE_s390x        := arch/s390/boot/bzImage
KCROSS_s390x       := s390x-linux-gnu-
TRIPLET_s390x      := s390x-linux-gnu
DEB_ARCH_s390x     := s390x
MUSL_ARCH_s390x    := s390x
QEMU_s390x         := qemu-system-s390x
MACHINE_s390x      := -M s390-ccw-virtio
CONSOLE_s390x      := ttysclp0
# No pool to hold: 512M is enough. Below 256M available, run_vmtests.sh drops
# caches and sleeps 4 s before each hugetlb test (256M: 75 s instead of 8 s).
MEM_s390x          := 512M
# What the guest would reserve with EDAT-1: the kernel ignores it on TCG.
POOLS_s390x        := hugepagesz=1M hugepages=64 default_hugepagesz=1M
# none, not empty: the guest must offer no size (tests/guest-arch/sizes_expected).
SIZES_s390x        := none
FLAVOURS_s390x     := musl glibc
DEBUG_s390x        := kasan vm-pgtable page-table-check
QEMU_PACKAGE_s390x := qemu-system-misc
