# hugesize: the one entry point. `make help` lists the targets and variables.
#
# The pieces live in toolchain/*.mk, one per stage of the data flow in
# ../shared/DESIGN.md; each appends to the lists below and this file ties
# them together.

KVER    ?= 6.12
V       ?= 0
PREFIX  ?= /usr/local
B       := build
Q       := $(if $(filter 1,$(V)),,@)
export V

# Appended to by the fragments.
PACKAGES    := make gcc libc6-dev patch xz-utils perl
ALL         :=
HOST_CHECKS :=
GUEST_CHECKS :=
GUEST_TESTS :=
HELP        :=
DEPS        := $(B)/stamps/deps

# One progress line per stage: $(call say,kernel,building bzImage)
say = @printf '  %-8s %s\n' '[$(1)]' '$(2)'
# Short content hash of files, for stamps keyed on what matters.
hash = $(shell cat $(1) 2>/dev/null | sha1sum | cut -c1-12)

all:

# arch.mk first: the guest architecture (ARCH) every stage builds for;
# kernel.mk next: the others use its KSRC, SYSROOT and stamps; guest.mk last:
# it uses what the libc stage may set (MUSL_CC).
include toolchain/arch.mk
include toolchain/kernel.mk
include $(filter-out toolchain/arch.mk toolchain/kernel.mk toolchain/guest.mk,$(sort $(wildcard toolchain/*.mk)))
include toolchain/guest.mk

# Package installation: rerun when the package list changes. Rules that need
# packages take $(DEPS) as an order-only prerequisite.
PACKAGE_LIST := $(sort $(PACKAGES))
ifneq ($(PACKAGE_LIST),$(shell cat $(DEPS) 2>/dev/null))
.PHONY: $(DEPS)
endif
$(DEPS):
	$(call say,deps,checking Debian packages)
	$(Q)toolchain/deps.sh $(PACKAGE_LIST)
	$(Q)mkdir -p $(@D) && echo '$(PACKAGE_LIST)' >$@
deps: $(DEPS)

all: $(ALL)

# check: every stage runs even when an earlier one fails; the last line
# tallies all of them and the exit status says whether anything failed.
CHECKS = $(ARCH_HOST_CHECKS) check-guest $(GUEST_CHECKS)
# $(call run_checks,STAGES): runs each stage, then tallies them all.
run_checks = rm -f $(foreach t,$(1),$(RESULTS)/$(t).counts); start=$$(date +%s); \
	for t in $(1); do $(MAKE) --no-print-directory $$t || true; done; \
	echo "\# $(words $(1)) stages in $$(($$(date +%s) - start)) s wall"; \
	toolchain/summary.sh $(RESULTS) $(1)
check:
	$(Q)$(call run_checks,$(CHECKS))

# check-arches: the guest stages of every architecture but the default (the
# host stages are the same everywhere), results under build/results/ARCH/;
# check-all: make check, then check-arches, one tally of both.
OTHER_ARCHES = $(filter-out $(DEFAULT_ARCH),$(ARCHES))
GUEST_STAGES = check-guest $(GUEST_CHECKS)
guest-stages:
	@echo $(GUEST_STAGES)
# $(call arch_stages,VAR): runs the guest stages of each other architecture,
# appending ARCH/STAGE of each to the shell variable VAR.
arch_stages = for a in $(OTHER_ARCHES); do \
		stages=$$($(MAKE) -s --no-print-directory guest-stages ARCH=$$a); \
		rm -rf $(B)/results/$$a; \
		for t in $$stages; do $(MAKE) --no-print-directory $$t ARCH=$$a || true; done; \
		$(1)="$$$(1) $$(printf " $$a/%s" $$stages)"; done
check-arches:
	$(Q)start=$$(date +%s); all=; $(call arch_stages,all); \
	echo "# make check-arches: $(OTHER_ARCHES) in $$(($$(date +%s) - start)) s wall"; \
	toolchain/summary.sh $(B)/results $$all
check-all:
	$(Q)$(MAKE) --no-print-directory check ARCH=$(DEFAULT_ARCH) || true
	$(Q)all="$(CHECKS)"; $(call arch_stages,all); \
	echo "# make check-all: $(ARCHES)"; toolchain/summary.sh $(B)/results $$all

bench-pipeline:
	$(Q)toolchain/bench-pipeline.sh $(if $(COLD),--cold)

help:
	@echo 'hugesize: huge page size selection, kernel to libc to application'
	@echo
	@echo 'Targets:'
	@echo '  all        build everything (default)'
	@echo '  check      host tests, then the guest suite in QEMU; ends with "N passed, N failed, N skipped"'
	@echo '  run        boot the patched kernel and show huge page size selection (CMD=... runs one command)'
	@echo '  shell      boot the guest with a busybox shell on the serial console'
	@echo '  deps       install the Debian packages the build needs'
	@echo '  bench-pipeline  warm make check and guest boot time against the goals (COLD=1: also a fresh clone)'
	@for l in $(HELP); do echo "  $$l"; done
	@echo '  clean      remove build outputs, keep unpacked sources'
	@echo '  distclean  remove all of build/'
	@echo
	@echo 'Variables:'
	@echo '  KVER=6.12|6.1      Debian linux-source version to patch and boot (default 6.12)'
	@echo '  ARCH=$(subst $(space),|,$(ARCHES))  the guest architecture (default $(DEFAULT_ARCH); toolchain/arch/*.mk)'
	@echo '  GUEST_BINS="a b"   extra static binaries to run in the guest (exit 0 pass, 4 skip, else fail)'
	@echo '  CMD="..."          with run: the command to run in the guest; make exits with its status'
	@echo '  V=1                show every command and all output'

# Unpacked sources (src/, the apt lists of apt/, kernel-verify's trees) stay.
clean:
	$(Q)find $(B) -mindepth 1 -maxdepth 1 ! -name src ! -name apt ! -name kernel-verify -exec rm -rf {} +
	$(Q)rm -rf $(B)/kernel-verify/obj-* $(B)/kernel-verify/headers-*

distclean:
	rm -rf $(B)

.PHONY: all check check-all check-arches guest-stages bench-pipeline help clean distclean deps $(HOST_CHECKS) $(GUEST_CHECKS)
