# The test guest: static musl binaries built against the patched uapi
# headers, packed with a C /init and busybox into an initramfs, booted in QEMU.

PACKAGES += musl-tools busybox-static cpio qemu-system-x86

# The libc stage may point these at a patched musl.
MUSL_CC  ?= musl-gcc
MUSL_DEP ?=

GUEST        := $(B)/guest/$(KFLAVOUR)
KSELFTESTS   := $(KSRC)/tools/testing/selftests
GUEST_WARN   := -Wall -Wextra -Werror
GUEST_CFLAGS  = -static -std=gnu11 -O2 $(GUEST_WARN) -D_GNU_SOURCE \
		-isystem $(SYSROOT)/usr/include -Icompat-header -Itests/guest/lib -isystem $(KSELFTESTS)
GUEST_LIB    := $(wildcard tests/guest/lib/*.c)
GUEST_INPUTS := $(GUEST_LIB) $(wildcard tests/guest/lib/*.h) compat-header/hugesize-compat.h \
		$(SYSROOT)/.installed $(MUSL_DEP) | $(DEPS)

# Every program of tests/guest/ is built once per libc flavour:
#   NAME             the patched musl (MUSL_CC): the constants from <sys/mman.h>
#   NAME.stock-musl  Debian's musl as it is: missing constants from hugesize-compat.h
#   NAME.glibc       the patched glibc headers, linked statically with the system glibc
GUEST_FLAVOURS ?= musl stock-musl glibc
GUEST_SUFFIX.musl       :=
GUEST_SUFFIX.stock-musl := .stock-musl
GUEST_SUFFIX.glibc      := .glibc
GUEST_PROGRAMS := $(patsubst tests/guest/%.c,%,$(wildcard tests/guest/*.c))
GUEST_TESTS  += $(foreach f,$(GUEST_FLAVOURS),$(addprefix $(GUEST)/tests/,$(addsuffix $(GUEST_SUFFIX.$(f)),$(GUEST_PROGRAMS)))) \
		$(GUEST)/tests/kselftest-hugetlb-pagesize

TEST_TIMEOUT  ?= 120
GUEST_TIMEOUT ?= 900
export TEST_TIMEOUT GUEST_TIMEOUT

# $(call guest_cc,SOURCE[,COMPILER[,EXTRA FLAGS]])
guest_cc = $(or $(2),$(MUSL_CC)) $(GUEST_CFLAGS) $(3) -o $@ $(1) $(GUEST_LIB)

$(GUEST)/tests/%: tests/guest/%.c $(GUEST_INPUTS)
	$(call say,guest,building $*)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<)

$(GUEST)/tests/%.stock-musl: tests/guest/%.c $(GUEST_INPUTS)
	$(call say,guest,building $* with Debian musl + hugesize-compat.h)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<,musl-gcc)

$(GUEST)/tests/%.glibc: tests/guest/%.c $(GLIBC_DEP) $(GUEST_INPUTS)
	$(call say,guest,building $* with the patched glibc headers)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<,gcc,-isystem $(GLIBC_HEADERS))

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

GUEST_ROOT_INPUTS := $(GUEST)/init $(GUEST_TESTS) $(GUEST)/bin/hugesize toolchain/guest-demo.sh $(GUEST_BINS)

$(GUEST)/initramfs.cpio: $(GUEST_ROOT_INPUTS) | $(DEPS)
	$(call say,guest,packing the initramfs ($(words $(GUEST_TESTS) $(GUEST_BINS)) test programs))
	$(Q)toolchain/initramfs.sh $@ $(GUEST)/init $(GUEST)/bin/hugesize toolchain/guest-demo.sh \
		$(GUEST_TESTS) $(GUEST_BINS)

guest: $(BZIMAGE) $(GUEST)/initramfs.cpio
ALL += guest

GUEST_BOOT = toolchain/guest-boot.sh $(1) $(BZIMAGE) $(GUEST)/initramfs.cpio $(GUEST)/$(1).log

check-guest: guest
	$(call say,qemu,booting linux-$(KFLAVOUR) and running $(words $(GUEST_TESTS) $(GUEST_BINS)) test programs)
	$(Q)$(call GUEST_BOOT,check) | toolchain/tap-count.sh $@

CMD ?= /bin/demo
run: guest
	$(call say,qemu,booting linux-$(KFLAVOUR): $(CMD))
	$(Q)$(call GUEST_BOOT,run) '$(subst ','\'',$(CMD))'

shell: guest
	$(call say,qemu,booting linux-$(KFLAVOUR) with a shell (Ctrl-A X quits))
	$(Q)$(call GUEST_BOOT,shell)

.PHONY: guest check-guest run shell
