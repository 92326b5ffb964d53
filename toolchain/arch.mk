# The guest architecture. `make ... ARCH=NAME` picks toolchain/arch/NAME.mk,
# all that differs between guests, as data: the kernel's ARCH, image and
# cross compiler, the triplet of the guest programs' compiler, musl's and
# Debian's names of the architecture, QEMU's binary and machine, the console,
# the memory, the pools on the kernel command line and the huge page sizes
# the guest must offer. kernel/guest-NAME.config, when present, is merged
# after kernel/guest.config. The default, x86_64, keeps the unsuffixed build
# paths; every other architecture builds under names ending in -NAME.
#
# ARCH reaches our own recursive makes as HUGESIZE_ARCH, never the kernel's,
# musl's or glibc's makes, where ARCH means something else.
ARCHES       := $(patsubst toolchain/arch/%.mk,%,$(wildcard toolchain/arch/*.mk))
DEFAULT_ARCH := x86_64
ifeq ($(origin ARCH),command line)
HUGESIZE_ARCH := $(ARCH)
MAKEOVERRIDES := $(filter-out ARCH=%,$(MAKEOVERRIDES))
endif
HUGESIZE_ARCH ?= $(DEFAULT_ARCH)
override ARCH := $(HUGESIZE_ARCH)
export HUGESIZE_ARCH
unexport ARCH
ifeq ($(filter $(ARCH),$(ARCHES)),)
$(error ARCH=$(ARCH) is unknown; one of: $(ARCHES) (toolchain/arch/*.mk))
endif
include toolchain/arch/$(ARCH).mk

ARCH_SUFFIX := $(if $(filter $(DEFAULT_ARCH),$(ARCH)),,-$(ARCH))
ARCH_CONFIG := kernel/guest.config $(wildcard kernel/guest-$(ARCH).config)
PACKAGES    += $(ARCH_PACKAGES)
# Each architecture counts its results apart: build/results/ARCH/ (the
# default's: build/results/).
export RESULTS := $(B)/results$(if $(ARCH_SUFFIX),/$(ARCH))

# ARCH_UNPATCHED="NAME ...": programs of tests/guest-arch/ that also boot on
# the kernel without the series, where they expect its old behaviour.
ifneq ($(ARCH_UNPATCHED),)
check-unpatched:
	$(Q)$(MAKE) --no-print-directory check-guest KERNEL_PATCHES=none \
		GUEST_ONLY='$(ARCH_UNPATCHED)' CHECK_AS=$@
GUEST_CHECKS += check-unpatched
endif

# The sizes every guest must offer are sizes every libc must name (the table
# of check-libc-arch). An architecture other than the default checks only
# this and check-libc-arch on the host; the default runs every host stage.
check-arch-sizes: | $(DEPS)
	$(call say,arch,the sizes each guest must offer against the libc size table)
	$(Q)toolchain/arch-sizes.sh $(ARCHES:%=toolchain/arch/%.mk) | \
		toolchain/tap-count.sh $@
HOST_CHECKS     += check-arch-sizes
ARCH_HOST_CHECKS = $(if $(ARCH_SUFFIX),check-arch-sizes check-libc-arch,$(HOST_CHECKS))

HELP += "check-arches  the guest stages on every other architecture ($(filter-out $(DEFAULT_ARCH),$(ARCHES)))"
HELP += "check-all  make check on $(DEFAULT_ARCH), then check-arches; one tally of both (what CI runs)"
.PHONY: check-unpatched check-arch-sizes
