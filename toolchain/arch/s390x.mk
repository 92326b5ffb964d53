# SPDX-License-Identifier: MIT
# s390x (64-bit, big-endian) on QEMU's s390-ccw-virtio machine, SCLP (VT220)
# console. Its huge pages need EDAT-1 (1M, segment) and EDAT-2 (2G, region
# third); QEMU's TCG offers neither (-cpu max has edat=off, edat2=off), and
# linux then registers no hugetlb size at all (hugepages_supported() is
# cpu_has_edat1(): no /sys/kernel/mm/hugepages, the pools below are ignored
# with "HugeTLB: hugepages unsupported"). ARCH_SIZES none says so: the guest
# must offer none, and the suite SKIPs what needs a huge page.
ARCH_KARCH    := s390
ARCH_UAPI     := s390
ARCH_IMAGE_PATH := arch/s390/boot/bzImage
ARCH_KCROSS   := s390x-linux-gnu-
ARCH_TRIPLET  := s390x-linux-gnu
ARCH_DEB      := s390x
ARCH_MUSL     := s390x
ARCH_QEMU     := qemu-system-s390x
ARCH_MACHINE  := -M s390-ccw-virtio
ARCH_CONSOLE  := ttysclp0
# No pool to hold: 512M is enough. Below 256M available, run_vmtests.sh drops
# caches and sleeps 4 s before each hugetlb test (256M: 75 s instead of 8 s).
ARCH_MEM      := 512M
# What the guest would reserve with EDAT-1: the kernel ignores it on TCG.
ARCH_POOLS    := hugepagesz=1M hugepages=64 default_hugepagesz=1M
# none, not empty: the guest must offer no size (tests/guest-arch/sizes_expected).
ARCH_SIZES    := none
ARCH_FLAVOURS := musl glibc
ARCH_QEMU_PACKAGE := qemu-system-misc
