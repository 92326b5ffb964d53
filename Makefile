# SPDX-License-Identifier: MIT
# hugesize: the one entry point; `make help` lists every target and variable.
#
# The build follows the data flow, one fragment per stage, included in order:
#
#   toolchain/arch/XARCH.mk    the guest architecture, as data
#   toolchain/deps/deps.mk     Debian packages, by set
#   toolchain/kernel/kernel.mk linux-source ─► patched trees ─► uapi headers, boot image
#   toolchain/libc/libc.mk     musl and glibc sources ─► patched musl, glibc headers
#   toolchain/compat/compat.mk hugesize-compat.h ─► the hugesize tool, install
#   toolchain/debian/debian.mk the libc series as Debian packages carry them; hugesize's .debs
#   toolchain/guest/guest.mk   static programs ─► root file system ─► QEMU ─► TAP
#   toolchain/outgoing/outgoing.mk  the series as a submitter mails them
#   toolchain/fresh/fresh.mk   README's quick start in a new Debian 12 root
#
# Each fragment's checks (check-*) run the scripts of tests/ and write their
# TAP and counts to build/results/TREE-XARCH/; `make check` runs them all in one
# make graph and tallies them.

# The kernel versions the series is kept for (kernel/VERSION/, check-kernel-verify):
# mainline first (7.3, from Debian experimental), then the carries for the
# kernels Debian ships: 7.2 (unstable), 6.12 (Debian 13, and 12's backport), 6.1 (Debian 12).
KVERS := 7.3 7.2 6.12 6.1
XARCH ?= x86_64
KVER  ?= $(firstword $(KVERS))
KERNEL_PATCHES ?= series
V     ?= 0
B     := build
Q     := $(if $(filter 1,$(V)),,@)
export V

# Every core by default; a make called from a recipe shares the jobserver.
JOBS  ?= $(shell nproc)
MAKEFLAGS += --no-print-directory
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(JOBS)
endif
ifneq ($(filter check%,$(MAKECMDGOALS)),)
MAKEFLAGS += -k
endif

# Every compiler runs through ccache (Debian's, in the base package set, by
# its links in /usr/lib/ccache): the kernels (kbuild's CROSS_COMPILE gcc),
# musl, glibc and the guest programs. What was compiled before from the
# same inputs, in this checkout or another, comes from the cache in
# CCACHE_DIR (toolchain/lib/cache-dir.sh): outside the checkout, so a new
# clone finds it; an empty folder gives a cold build, CCACHE_DISABLE=1 none
# at all. The tally says the hit rate since make started.
CACHE_DIR_DEFAULT := $(shell toolchain/lib/cache-dir.sh)
CCACHE_DIR ?= $(CACHE_DIR_DEFAULT)
export CCACHE_DIR
# Paths inside the checkout hash the same from any clone.
export CCACHE_BASEDIR := $(CURDIR)
export PATH := /usr/lib/ccache:$(subst /usr/lib/ccache:,,$(PATH))
CACHE_START := $(shell toolchain/lib/cache-stats.sh $(CCACHE_DIR))
cache_report = toolchain/lib/cache-stats.sh $(CCACHE_DIR) '$(CACHE_START)'
VARHELP.CCACHE_DIR := the compiler cache (default /var/cache/hugesize/ccache as root, else ~/.cache/hugesize/ccache; an empty folder: a cold build)
VARHELP.CCACHE_DISABLE := 1: compile without the cache

ifeq ($(origin ARCH),command line)
$(error ARCH is kbuild's variable; choose the guest with XARCH=$(ARCH))
endif
ARCHES := $(sort $(patsubst toolchain/arch/%.mk,%,$(wildcard toolchain/arch/*.mk)))
ifeq ($(filter $(XARCH),$(ARCHES)),)
$(error XARCH=$(XARCH) is unknown; one of: $(ARCHES) (toolchain/arch/*.mk))
endif
# Every architecture's table, keyed by its name (toolchain/arch/*.mk):
# KARCH_A, TRIPLET_A, QEMU_A, MEM_A, POOLS_A, SIZES_A, ..., and the guests
# of its own (GUESTS_A) with FIELD_A.STAGE where a guest differs. Each
# fragment reads FIELD_$(XARCH) where it needs it.
include $(ARCHES:%=toolchain/arch/%.mk)

# One folder of results per guest kernel: KTREE and KFLAVOUR (kernel.mk) and XARCH.
RESULTS = $(B)/results/$(KTREE)$(KFLAVOUR)-$(XARCH)
comma   := ,
space   := $(subst ,, )

# $(call say,STAGE,TEXT): one progress line; say_sh is the same inside a shell command.
say_sh = toolchain/lib/say.sh $(1) '$(2)'
say    = @$(say_sh)
# $(call hash,FILES): a short hash of their contents, for stamps keyed on what matters.
hash   = $(shell cat $(1) 2>/dev/null | sha1sum | cut -c1-12)
# A check is a stage: the file $(RESULTS)/STAGE.counts, made by a rule whose
# recipe is $(call check,COMMAND), the command's TAP counted into it
# (toolchain/lib/tap-count.sh). The recipe succeeds once the counts are
# written, whatever they say, so a tally over stages always runs; a stage
# that failed is dated 1970 and so runs again next time. A stage whose
# prerequisites are all its inputs stands until one changes; one that reads
# anything else (the machine, the whole tree) takes FORCE and runs each time.
check  = $(Q)mkdir -p $(@D) && { $(1); } | RESULTS=$(@D) toolchain/lib/tap-count.sh $(basename $(@F)) || \
	touch -c -d @0 $@
# $(call counts,STAGES): their files.
counts = $(patsubst %,$(RESULTS)/%.counts,$(1))
# $(tally): the recipe of a target over stages: their closing line, "N
# passed, N failed, N skipped"; it fails when any stage failed.
CHECK_START := $(shell date +%s)
tally  = $(Q)$(cache_report); toolchain/lib/summary.sh --since $(CHECK_START) $(filter %.counts,$^)
# $(call write_if_changed,TEXT): $@ holds TEXT, rewritten (and so newer than
# what depends on it) only when TEXT changed; its rule takes FORCE.
write_if_changed = @mkdir -p $(@D); t='$(subst ','\'',$(1))'; \
	printf '%s\n' "$$t" | cmp -s - $@ || printf '%s\n' "$$t" >$@

HOST_CHECKS  :=
GUEST_CHECKS :=
all:
FORCE:
.DELETE_ON_ERROR:
# Stamps made by pattern rules are outputs too, not intermediates to delete.
.SECONDARY:

include toolchain/deps/deps.mk
include toolchain/kernel/kernel.mk
include toolchain/libc/libc.mk
include toolchain/compat/compat.mk
include toolchain/debian/debian.mk
include toolchain/guest/guest.mk
include toolchain/outgoing/outgoing.mk
include toolchain/fresh/fresh.mk

HELP.all := build everything: kernel, uapi headers, patched libcs, the tool, guest root file systems
all: kernel libc compat guest
	$(Q)$(cache_report)

$(RESULTS)/check-arch-sizes.counts: FORCE | $(call needs,base)
	$(call check,tests/host/arch-sizes.sh $(foreach a,$(ARCHES),$(a)=$(subst $(space),$(comma),$(call arch_sizes,$(a)))))
# $(call arch_sizes,A): every size a guest of A must offer, its own guests' too.
arch_sizes = $(sort $(SIZES_$(1)) $(foreach g,$(GUESTS_$(1)),$(SIZES_$(1).$(g))))
HELP.check-arch-sizes := the sizes each guest must offer are sizes every libc must name
HOST_CHECKS += check-arch-sizes

$(RESULTS)/check-arch-tables.counts: tests/host/arch-tables.sh tests/lib/tap.sh $(ARCHES:%=toolchain/arch/%.mk)
	$(call check,tests/host/arch-tables.sh)
HELP.check-arch-tables := each architecture's table is data: no make function, only its own fields
HOST_CHECKS += check-arch-tables

$(RESULTS)/check-license.counts: FORCE | $(call needs,license)
	$(call check,tests/host/license.sh)
HELP.check-license := every file has its license (reuse lint) and, where it can hold one, its own SPDX line
HOST_CHECKS += check-license

$(RESULTS)/check-make-help.counts: FORCE
	$(call check,tests/host/make-help.sh)
HELP.check-make-help := make help and doc/building.md name every variable a user may set (the ?= ones and those only read)
HOST_CHECKS += check-make-help

# Another architecture than the default repeats only the host checks that
# are about it.
# The guests first: their kernel is the longest step, and -j runs the host
# checks beside it.
CHECKS = $(GUEST_CHECKS) \
	 $(if $(filter $(DEFAULT_XARCH),$(XARCH)),$(HOST_CHECKS),check-arch-sizes $(LIBC_ARCH_CHECKS))
DEFAULT_XARCH := x86_64
# check-arches' order, the one a time budget (START_BEFORE) reaches first:
# the guests that prove our kernel fixes, the newest first (arch-align/ on
# armhf, kernel/7.3/fork-fix/ on arm64 and riscv64, carry/ on mips64el),
# then the rest.
XARCH_FIRST   := armhf arm64 riscv64 mips64el
OTHER_XARCHES  = $(XARCH_FIRST) $(filter-out $(DEFAULT_XARCH) $(XARCH_FIRST),$(ARCHES))

# `make STAGE` makes one stage and tallies it; RERUN=1 runs every stage asked
# for, changed or not (so does removing its .counts file).
STAGES := $(HOST_CHECKS) $(GUEST_CHECKS) bench check-upstream
$(STAGES): %: $(RESULTS)/%.counts
	$(tally)
$(call counts,$(STAGES)): $(if $(RERUN),FORCE)
VARHELP.RERUN := 1: run the checks asked for even where nothing they depend on changed

check: $(call counts,$(CHECKS))
	$(tally)
HELP.check := every check of XARCH: host tests, then the guest stages; ends with "N passed, N failed, N skipped"

# The guest stages alone: the host checks do not depend on KVER.
check-guests: $(call counts,$(GUEST_CHECKS))
	$(tally)
HELP.check-guests := the guest stages of KVER and XARCH alone

# One make per architecture, kernel or series, each a target of its own:
# check-arch-A (make check XARCH=A), check-kver-V (make check-guests KVER=V)
# and check-patches-P (make check-guests KERNEL_PATCHES=P). They are the one
# place make calls itself with other variables; the recipe line is marked
# "+", so the runs share the jobserver, and a target over several
# (check-arches, check-all, check-backports, compare-series) runs
# LOOP_JOBS of them at once, in their order (on two cores, check-backports
# took 205 s with its three at once, 290 s one at a time: a guest under TCG
# leaves a core idle part of the time), and adds up the closing lines
# they printed (one without counts as a failure). Each one's output is
# kept in $(B)/results/loop/TARGET.log and shown with the value in front.
# Past START_BEFORE a run is not started: one SKIP. What they share (the
# kernel tree of KVER, the libc sources, the selftest of KVER) is made
# first, by this make, so no two runs make the same file.
LOOP_JOBS ?= $(JOBS)
VARHELP.LOOP_JOBS := how many makes check-arches, check-all, check-backports, compare-series and check-debug-arches run at once (default JOBS; 1: one at a time)
LOOP_SHARED = $(KSTAMP.$(KVER)) $(call libc_stamp,musl,$(MUSL_BUILT)) $(call libc_stamp,glibc,$(GLIBC_SYSTEM))
# The runs over kernels or series of one XARCH share its libcs and static programs too.
LOOP_SHARED_XARCH = $(MUSL_DEP) $(STOCK_MUSL_DEP) $(GLIBC_DIR)/.installed $(BUSYBOX) $(BASH)
# $(call loop_run,VARIABLE,VALUE,TARGET)
loop_run = mkdir -p $(B)/results/loop; log=$(B)/results/loop/$@.log; \
	if [ -n "$(START_BEFORE)" ] && [ $$(date +%s) -ge $(START_BEFORE) ]; then \
		toolchain/lib/say.sh skip "not started: $(1)=$(2): START_BEFORE passed ($$(date -d @$(START_BEFORE) +%T))"; \
		echo '0 passed, 0 failed, 1 skipped' >$$log; \
	else $(MAKE) $(1)=$(2) $(3) 2>&1 | tee $$log | sed -u 's/^/$(1)=$(2): /'; fi
# $(call loop_targets,PREFIX,VARIABLE,VALUES,TARGET): PREFIX-VALUE for each value.
define loop_targets
$(foreach v,$(3),$(eval $(1)-$(v): $$(LOOP_SHARED) | $(call needs,base)
	+$$(Q)$$(call loop_run,$(2),$(v),$(4))
.PHONY: $(1)-$(v)))
endef
# $(call loop_tally,PREFIX,VALUES): the recipe of a target over them.
loop_tally = $(Q)echo "\# $@: $(1)-{$(subst $(space),$(comma),$(2))}"; \
	toolchain/lib/summary.sh $(foreach v,$(2),$(B)/results/loop/$(1)-$(v).log)
# $(call lanes,N,TARGETS): at most N of TARGETS at once, in their order:
# each waits (order-only) for the one N places before it. Only for the
# goals that run them all: `make check-arch-sh4` alone waits for nothing.
lanes = $(eval lane :=)$(foreach t,$(2),$(eval lane += $(t))$(if $(word $(1),$(wordlist 2,$(words $(lane)),$(lane))),$(eval \
	$(t): | $(firstword $(lane)))$(eval lane := $(wordlist 2,$(words $(lane)),$(lane)))))
LOOP_GOALS := check-arches check-all check-backports compare-series check-debug-arches

$(call loop_targets,check-arch,XARCH,$(ARCHES),check)
HELP.check-arch-A := make check XARCH=A, as one step of check-arches (A: $(ARCHES))
check-arches: $(OTHER_XARCHES:%=check-arch-%)
	$(call loop_tally,check-arch,$(OTHER_XARCHES))
HELP.check-arches := make check on every architecture but $(DEFAULT_XARCH) ($(OTHER_XARCHES)); one tally
check-all: $(ARCHES:%=check-arch-%)
	$(call loop_tally,check-arch,$(ARCHES))
HELP.check-all := make check on every architecture; one tally of all
BACKPORTS = $(filter-out $(KVER),$(KVERS))
$(call loop_targets,check-kver,KVER,$(KVERS),check-guests)
$(KVERS:%=check-kver-%): $(LOOP_SHARED_XARCH)
HELP.check-kver-V := make check-guests KVER=V, as one step of check-backports (V: $(KVERS))
check-backports: $(BACKPORTS:%=check-kver-%)
	$(call loop_tally,check-kver,$(BACKPORTS))
HELP.check-backports := the guest stages on the other kernels of KVERS ($(BACKPORTS)), each with its series; one tally

# The guest stages on KVER with the series and without it, then per test
# what the series changes (toolchain/lib/tap-compare.sh). Both boot
# KVER's selftest of the series: made first, here.
$(call loop_targets,check-patches,KERNEL_PATCHES,series none,check-guests)
$(addprefix check-patches-,series none): $(SELFTEST) $(KSTAMP.$(UNPATCHED)) $(LOOP_SHARED_XARCH)
compare-series: $(addprefix check-patches-,series none)
	$(call loop_tally,check-patches,series none); status=$$?; \
		echo '# what the series changes on linux-$(KVER), $(XARCH):'; \
		toolchain/lib/tap-compare.sh $(B)/results/$(KVER)-$(XARCH) $(B)/results/$(UNPATCHED)-$(XARCH) \
			$(GUEST_CHECKS) || status=1; exit $$status
HELP.compare-series := the guest stages with and without the kernel series, then per test what differs

# The debug kernels (KERNEL_DEBUG): the suite and the kernel's selftests
# on them, one architecture (check-debug) or DEBUG_XARCHES (CI: x86_64
# and arm64) one make each, as check-arches does.
DEBUG_XARCHES ?= $(DEFAULT_XARCH) $(filter-out $(DEFAULT_XARCH),$(OTHER_XARCHES))
VARHELP.DEBUG_XARCHES := the architectures of check-debug-arches, in its order (default: all)
$(call loop_targets,check-debug,XARCH,$(ARCHES),check-suite KERNEL_DEBUG=1)
HELP.check-debug-A := make check-suite KERNEL_DEBUG=1 XARCH=A, as one step of check-debug-arches
check-debug: check-debug-$(XARCH)
	$(call loop_tally,check-debug,$(XARCH))
HELP.check-debug := the guest suite and the kernel's hugetlb selftests on XARCH's debug kernel (KERNEL_DEBUG=1)
check-debug-arches: $(DEBUG_XARCHES:%=check-debug-%)
	$(call loop_tally,check-debug,$(DEBUG_XARCHES))
HELP.check-debug-arches := check-debug on each of DEBUG_XARCHES; one tally

# $(call one_by_one,PREFIX,XARCHES): architectures that share a Debian
# architecture, a musl, a triplet or uapi headers (arm64 and arm64-64k,
# i386 and x86_64) build the same files: each PREFIX-A waits for the ones
# before it.
arch_keys  = $(foreach f,DEB_ARCH MUSL_ARCH TRIPLET UAPI_ARCH,$(f)=$($(f)_$(1)))
one_by_one = $(eval seen :=)$(foreach a,$(2),$(foreach b,$(seen),$(if $(filter $(call arch_keys,$(a)),$(call \
	arch_keys,$(b))),$(eval $(1)-$(a): | $(1)-$(b))))$(eval seen += $(a)))
ifneq ($(filter $(LOOP_GOALS),$(MAKECMDGOALS)),)
$(call lanes,$(LOOP_JOBS),$(OTHER_XARCHES:%=check-arch-%))
$(call one_by_one,check-arch,$(OTHER_XARCHES) $(DEFAULT_XARCH))
$(call lanes,$(LOOP_JOBS),$(DEBUG_XARCHES:%=check-debug-%))
$(call one_by_one,check-debug,$(DEBUG_XARCHES))
$(call lanes,$(LOOP_JOBS),$(BACKPORTS:%=check-kver-%))
$(call lanes,$(LOOP_JOBS),$(addprefix check-patches-,series none))
endif

PIPELINE_TIMES = $(or $(HUGESIZE_TIMES),$(B)/times.tsv)
bench-pipeline: | $(call needs,arch)
	$(Q)toolchain/bench-pipeline.sh $(if $(COLD),--cold)
	$(Q)if [ -s $(PIPELINE_TIMES) ]; then toolchain/lib/critical-path.sh $(PIPELINE_TIMES) $(ARCHES); \
	else echo "# no $(PIPELINE_TIMES) for the critical path: runs with HUGESIZE_TIMES=$(abspath $(PIPELINE_TIMES)) record it (CI's root does)"; fi
HELP.bench-pipeline := warm make check and guest boot time against their goals; each step's time and the critical path from build/times.tsv
VARHELP.COLD           := 1: bench-pipeline also times make check in a fresh clone of HEAD

help:
	@echo 'hugesize: huge page size selection, kernel to libc to application'
	@echo
	@echo 'Targets:'
	@$(foreach h,$(sort $(filter HELP.%,$(.VARIABLES))),printf '  %-20s %s\n' '$(h:HELP.%=%)' '$(subst ','\'',$($(h)))';)
	@echo
	@echo 'Variables:'
	@$(foreach h,$(sort $(filter VARHELP.%,$(.VARIABLES))),printf '  %-20s %s\n' '$(h:VARHELP.%=%)' '$(subst ','\'',$($(h)))';)
HELP.help := this list

VARHELP.XARCH          := the guest architecture: $(ARCHES) (default $(DEFAULT_XARCH))
VARHELP.KVER           := the linux-source version to patch and boot: $(KVERS) (default $(firstword $(KVERS)))
VARHELP.KERNEL_PATCHES := none: build and boot the kernel as Debian ships it
VARHELP.V              := 1: show every command and all output
VARHELP.JOBS           := how many jobs make runs at once (default: the number of cores)
VARHELP.START_BEFORE   := a time (seconds since 1970): check-arches, check-all, check-backports, compare-series and check-debug-arches start no make after it; each one left out counts as a SKIP (CI's time budget)
VARHELP.HUGESIZE_TIMES := a file: each long step (package install, fetch, unpack, kernel build) adds its seconds to it (check-fresh's phases)

# Unpacked and fetched sources (src/, apt/, fetched/) and the fresh root (roots/) stay.
clean:
	$(Q)find $(B) -mindepth 1 -maxdepth 1 ! -name src ! -name apt ! -name fetched ! -name roots -exec rm -rf --one-file-system {} +
HELP.clean := remove build outputs, keep the unpacked sources
distclean:
	rm -rf --one-file-system $(B)
HELP.distclean := remove all of build/

.PHONY: all check check-guests check-arches check-all check-backports compare-series check-debug check-debug-arches bench-pipeline \
	help clean distclean deps FORCE $(STAGES)
