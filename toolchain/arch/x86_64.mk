# x86-64, the default guest: 2M and 1G pages (1G needs -cpu max's pdpe1gb and
# an aligned free gigabyte, hence -m 6G).
ARCH_KARCH    := x86_64
ARCH_IMAGE    := bzImage
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
ARCH_PACKAGES := qemu-system-x86
