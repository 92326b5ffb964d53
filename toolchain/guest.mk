# The test guest: static musl binaries built against the patched uapi
# headers, packed with a C /init and busybox into an initramfs, booted in QEMU.
# Everything here is for the guest architecture ARCH (toolchain/arch.mk).

PACKAGES += musl-tools busybox-static cpio

# The libc stage may point these at a patched musl.
MUSL_CC  ?= musl-gcc
MUSL_DEP ?=

GUEST        := $(B)/guest/$(KNAME)
comma        := ,
space        := $(subst ,, )
KSELFTESTS   := $(KSRC)/tools/testing/selftests
GUEST_WARN   := -Wall -Wextra -Werror
GUEST_CFLAGS  = -static -std=gnu11 -O2 $(GUEST_WARN) -D_GNU_SOURCE \
		-isystem $(SYSROOT)/usr/include -Icompat-header -Itests/guest/lib -isystem $(KSELFTESTS)
GUEST_LIB    := $(wildcard tests/guest/lib/*.c)
GUEST_INPUTS := $(GUEST_LIB) $(wildcard tests/guest/lib/*.h) compat-header/hugesize-compat.h \
		$(SYSROOT)/.installed $(MUSL_DEP) | $(DEPS)

# Every program of tests/guest/ (the suite) and tests/guest-arch/ (what
# only some architectures' sizes exercise) is built once per libc flavour
# of the architecture (ARCH_FLAVOURS):
#   NAME             the patched musl (MUSL_CC): the constants from <sys/mman.h>
#   NAME.stock-musl  Debian's musl as it is: missing constants from hugesize-compat.h
#   NAME.glibc       the patched glibc headers, linked statically with the glibc
#                    of the architecture (the system's, or Debian's cross libc6-dev)
# GUEST_ONLY="NAME ...": only these programs, patched musl only (a stage that
# boots a kernel for one test); they get an initramfs of their own.
GUEST_FLAVOURS ?= $(ARCH_FLAVOURS)
GUEST_SUFFIX.musl       :=
GUEST_SUFFIX.stock-musl := .stock-musl
GUEST_SUFFIX.glibc      := .glibc
GUEST_DIRS     := tests/guest tests/guest-arch
vpath %.c $(GUEST_DIRS)
ifeq ($(GUEST_ONLY),)
GUEST_PROGRAMS := $(patsubst %.c,%,$(notdir $(wildcard $(addsuffix /*.c,$(GUEST_DIRS)))))
GUEST_TESTS  += $(foreach f,$(GUEST_FLAVOURS),$(addprefix $(GUEST)/tests/,$(addsuffix $(GUEST_SUFFIX.$(f)),$(GUEST_PROGRAMS)))) \
		$(GUEST)/tests/kselftest-hugetlb-pagesize
GUEST_CPIO   := $(GUEST)/initramfs.cpio
else
GUEST_TESTS  += $(addprefix $(GUEST)/tests/,$(GUEST_ONLY))
GUEST_CPIO   := $(GUEST)/only-$(subst $(space),+,$(sort $(GUEST_ONLY))).cpio
endif
GUEST_GLIBC    := $(call glibc_root,$(ARCH_TRIPLET))
GUEST_GLIBC_CC := $(if $(filter $(GLIBC_HOST),$(ARCH_TRIPLET)),gcc,$(ARCH_TRIPLET)-gcc)
.SECONDARY: $(GUEST_GLIBC)/.installed
# The build machine's busybox, or Debian's for the guest's architecture.
GUEST_BUSYBOX  := $(if $(filter amd64,$(ARCH_DEB)),/bin/busybox,$(B)/busybox-$(ARCH_DEB)/bin/busybox)

TEST_TIMEOUT  ?= 120
GUEST_TIMEOUT ?= 900
export TEST_TIMEOUT GUEST_TIMEOUT

# $(call guest_cc,SOURCE[,COMPILER[,EXTRA FLAGS]])
guest_cc = $(or $(2),$(MUSL_CC)) $(GUEST_CFLAGS) $(3) -o $@ $(1) $(GUEST_LIB)

$(GUEST)/tests/%: %.c $(GUEST_INPUTS)
	$(call say,guest,building $*)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<)

$(GUEST)/tests/%.stock-musl: %.c $(GUEST_INPUTS)
	$(call say,guest,building $* with Debian musl + hugesize-compat.h)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<,musl-gcc)

$(GUEST)/tests/%.glibc: %.c $(GUEST_GLIBC)/.installed $(GUEST_INPUTS)
	$(call say,guest,building $* with the patched glibc headers)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<,$(GUEST_GLIBC_CC),-isystem $(GUEST_GLIBC)/usr/include)

# The selftest of the kernel series, built from the patched tree (under
# selftests/vm on 6.1, selftests/mm later) with the warnings the kernel's
# selftests are built with.
$(GUEST)/tests/kselftest-hugetlb-pagesize: GUEST_WARN := -Wall -Werror
$(GUEST)/tests/kselftest-hugetlb-pagesize: $(KSRC_STAMP) $(GUEST_INPUTS)
	$(call say,guest,building the kernel selftest hugetlb-pagesize)
	$(Q)mkdir -p $(@D) && src=$$(ls $(KSELFTESTS)/*/hugetlb-pagesize.c 2>/dev/null) || \
		{ echo "error: the patched tree has no tools/testing/selftests/*/hugetlb-pagesize.c: is kernel/series complete?" >&2; exit 1; }; \
		$(call guest_cc,$$src)

$(GUEST)/init: toolchain/guest-init.c $(GUEST_INPUTS)
	$(call say,guest,building /init)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<)

$(GUEST)/bin/hugesize: compat-header/hugesize.c $(GUEST_INPUTS)
	$(call say,guest,building /bin/hugesize)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<)

$(B)/busybox-%/bin/busybox: | $(DEPS)
	$(call say,guest,fetching the busybox-static package for $*)
	$(Q)toolchain/quiet.sh $(B)/busybox-$*/fetch.log toolchain/busybox-fetch.sh $* $(B)/busybox-$*

GUEST_ROOT_INPUTS := $(GUEST)/init $(GUEST_TESTS) $(GUEST)/bin/hugesize toolchain/guest-demo.sh \
	$(GUEST_BUSYBOX) $(GUEST_BINS)

$(GUEST_CPIO): $(GUEST_ROOT_INPUTS) | $(DEPS)
	$(call say,guest,packing the initramfs ($(words $(GUEST_TESTS) $(GUEST_BINS)) test programs))
	$(Q)toolchain/initramfs.sh $@ $(GUEST)/init $(GUEST)/bin/hugesize toolchain/guest-demo.sh \
		$(GUEST_BUSYBOX) $(GUEST_TESTS) $(GUEST_BINS)

guest: $(KIMAGE) $(GUEST_CPIO)
ALL += guest

# What the guest must offer and which kernel it is travel on the kernel
# command line, for the tests of tests/guest-arch/.
GUEST_ENV = QEMU=$(ARCH_QEMU) QEMU_MACHINE='$(ARCH_MACHINE)' QEMU_MEM=$(ARCH_MEM) \
	GUEST_CONSOLE=$(ARCH_CONSOLE) GUEST_POOLS='$(ARCH_POOLS)' \
	GUEST_ARGS='hugesize.sizes=$(subst $(space),$(comma),$(ARCH_SIZES)) hugesize.patches=$(KERNEL_PATCHES)'
GUEST_BOOT = $(GUEST_ENV) toolchain/guest-boot.sh $(1) $(KIMAGE) $(GUEST_CPIO) \
	$(GUEST)/$(if $(GUEST_ONLY),$(CHECK_AS),$(1)).log

# CHECK_AS: the name the results count under (a stage that runs this one
# for another kernel gives its own).
CHECK_AS ?= check-guest
check-guest: guest
	$(call say,qemu,booting linux-$(KNAME) and running $(words $(GUEST_TESTS) $(GUEST_BINS)) test programs)
	$(Q)$(call GUEST_BOOT,check) | toolchain/tap-count.sh $(CHECK_AS)

CMD ?= /bin/demo
run: guest
	$(call say,qemu,booting linux-$(KNAME): $(CMD))
	$(Q)$(call GUEST_BOOT,run) '$(subst ','\'',$(CMD))'

shell: guest
	$(call say,qemu,booting linux-$(KNAME) with a shell (Ctrl-A X quits))
	$(Q)$(call GUEST_BOOT,shell)

.PHONY: guest check-guest run shell
