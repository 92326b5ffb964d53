# SPDX-License-Identifier: MIT
# The guest stage: static test programs on the patched kernel, in QEMU.
#
#   tests/guest/*.c, tests/guest-arch/*.c ─(one build per libc flavour)─► build/guest/TREE-XARCH/tests/
#   tests/guest/rootfs/ (/init, /bin/demo) + busybox + hugesize + a stage's programs ─► STAGE.cpio
#   boot image + STAGE.cpio ─QEMU (boot.sh)─► TAP on the console ─► build/results/TREE-XARCH/STAGE.*
#
# Every guest boot is an instance of one template, guest_stage: a kernel
# tree, the programs, the memory, the pools on the kernel command line, more
# QEMU arguments. Guests share nothing, so make -j runs them side by side.
#
# Uses:     XARCH's table, KVER, KTREE, KSRC.T, KSTAMP.T, KIMAGE.T, UAPI.T,
#           musl_cc, STOCK_MUSL_CC, STOCK_MUSL_DEP, glibc_root, GLIBC_HOST, COMPAT_TOOL_SRC,
#           needs, check, counts, tally, write_if_changed, say, cache_report
# Provides: GUEST_CHECKS; targets guest, check-guest, run, shell, bench

GUEST      := $(B)/guest/$(KTREE)$(KFLAVOUR)-$(XARCH)
GUEST_UAPI := $(UAPI.$(KTREE))/$(UAPI_ARCH_$(XARCH))
KSELFTESTS := $(KSRC.$(KTREE))/tools/testing/selftests
GUEST_CFLAGS = -static -std=gnu11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -isystem $(GUEST_UAPI)/include \
	-Icompat-header -Itests/guest/lib -isystem $(KSELFTESTS)
GUEST_LIB    := $(wildcard tests/guest/lib/*.c) compat-header/hugesize-probe.c
GUEST_INPUTS := $(GUEST_LIB) $(wildcard tests/guest/lib/*.h tests/lib/*.h) compat-header/hugesize-compat.h \
		compat-header/hugesize-probe.h \
		$(GUEST_UAPI)/.installed $(KSTAMP.$(KTREE)) | $(call needs,cc)
# $(call guest_cc,SOURCES,COMPILER[,EXTRA FLAGS])
guest_cc = $(2) $(GUEST_CFLAGS) $(3) -o $@ $(1)

# Each program of the suite is built once per libc flavour of XARCH:
#   NAME             the patched musl: the constants from <sys/mman.h>
#   NAME.stock-musl  Debian's musl as it is: the missing ones from hugesize-compat.h
#   NAME.glibc       the patched glibc headers, linked statically with the
#                    glibc of the architecture (the system's, or Debian's cross libc6-dev)
vpath %.c tests/guest tests/guest-arch tests/guest/numa tests/guest/bench tests/guest/rootfs
MUSL_CC   := $(call musl_cc,$(MUSL_ARCH_$(XARCH)))
MUSL_DEP  := $(B)/musl-$(MUSL_ARCH_$(XARCH))/.built
GLIBC_CC  := $(if $(NATIVE),gcc,$(TRIPLET_$(XARCH))-gcc)
GLIBC_DIR := $(call glibc_root,$(TRIPLET_$(XARCH)))
# glibc's configure for the guest's triplet runs its compiler.
$(GLIBC_DIR)/.installed: | $(call needs,cc)

$(GUEST)/tests/%: %.c $(MUSL_DEP) $(GUEST_INPUTS)
	$(call say,guest,building $*)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$< $(GUEST_LIB),$(MUSL_CC))
$(GUEST)/tests/%.stock-musl: %.c $(STOCK_MUSL_DEP) $(GUEST_INPUTS)
	$(call say,guest,building $* with Debian musl + hugesize-compat.h)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$< $(GUEST_LIB),$(STOCK_MUSL_CC))
$(GUEST)/tests/%.glibc: %.c $(GLIBC_DIR)/.installed $(GUEST_INPUTS)
	$(call say,guest,building $* with the patched glibc headers)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$< $(GUEST_LIB),$(GLIBC_CC),-isystem $(GLIBC_DIR)/usr/include)

# The kernel series' own selftest, from the patched tree of KVER (under
# selftests/vm on 6.1, selftests/mm later) with the warnings of the
# kernel's selftests (it defines _GNU_SOURCE itself), linked with the pool
# helpers of selftests/mm where the tree has them (7.2; the backports keep
# their own). Built so also when the guest boots KVER without the series
# (KERNEL_PATCHES=none), where it must fail: that is the regression test of
# the series.
SELFTEST := $(B)/guest/$(KVER)-$(XARCH)/selftest/kselftest-hugetlb-pagesize
$(SELFTEST): $(MUSL_DEP) $(KSTAMP.$(KVER)) $(UAPI.$(KVER))/$(UAPI_ARCH_$(XARCH))/.installed | $(call needs,cc)
	$(call say,guest,building the kernel selftest hugetlb-pagesize of linux-$(KVER))
	$(Q)mkdir -p $(@D) && src=$$(ls $(KSRC.$(KVER))/tools/testing/selftests/*/hugetlb-pagesize.c 2>/dev/null) || \
		{ echo "error: $(KSRC.$(KVER)) has no tools/testing/selftests/*/hugetlb-pagesize.c: is kernel/$(KVER)/series complete?" >&2; exit 1; }; \
		dir=$$(dirname $$src); helpers=; [ ! -e $$dir/hugepage_settings.c ] || \
			helpers="$$dir/vm_util.c $$dir/hugepage_settings.c"; \
		$(MUSL_CC) -static -std=gnu11 -O2 -Wall -Werror -isystem $(UAPI.$(KVER))/$(UAPI_ARCH_$(XARCH))/include \
			-isystem $(KSRC.$(KVER))/tools/testing/selftests -o $@ $$src $$helpers

# The root file system's own programs: /init (the test runner) and
# /bin/hugesize. Where the guest runs Debian's musl too, they are built with
# it and hugesize-compat.h, so `make run` needs no patched musl.
ROOTFS_CC  := $(if $(filter stock-musl,$(FLAVOURS_$(XARCH))),$(STOCK_MUSL_CC),$(MUSL_CC))
ROOTFS_DEP := $(if $(filter stock-musl,$(FLAVOURS_$(XARCH))),$(STOCK_MUSL_DEP),$(MUSL_DEP))
$(GUEST)/rootfs/init: init.c $(ROOTFS_DEP) $(GUEST_INPUTS)
	$(call say,guest,building /init)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$<,$(ROOTFS_CC))
$(GUEST)/rootfs/hugesize: $(COMPAT_TOOL_SRC) $(ROOTFS_DEP) $(GUEST_INPUTS)
	$(call say,guest,building /bin/hugesize)
	$(Q)mkdir -p $(@D) && $(call guest_cc,$(COMPAT_TOOL_SRC),$(ROOTFS_CC))

# Static programs from Debian's packages for the guest's architecture, as
# $(B)/static-DEBARCH/PACKAGE/bin/PROGRAM: busybox (the build machine's own
# on amd64, once deps-arch has installed it) and bash, which the kernel's
# selftest scripts need. From the suite DEB_SUITE_XARCH where the table names
# one, else from the machine's own; where no Debian suite has the
# architecture (STATIC_SOURCE_XARCH), built from Debian's source with the
# guest's musl (static-build.sh).
STATIC_FILE.busybox-static := /bin/busybox
STATIC_FILE.bash-static    := /bin/bash-static
BUSYBOX := $(if $(NATIVE),/bin/busybox,$(B)/static-$(DEB_ARCH_$(XARCH))/busybox-static/bin/busybox)
BASH    := $(B)/static-$(DEB_ARCH_$(XARCH))/bash-static/bin/bash-static
/bin/busybox: | $(call needs,arch) ;
static_part = $(word $(1),$(subst /, ,$*))
static_dir = $(B)/static-$(call static_part,1)/$(call static_part,2)
$(B)/static-%: | $(call needs,arch) $(if $(STATIC_SOURCE_$(XARCH)),$(MUSL_DEP) $(GUEST_UAPI)/.installed)
	$(call say,guest,$(if $(STATIC_SOURCE_$(XARCH)),building $(call static_part,2) for $(call static_part,1) from the Debian source,fetching $(call static_part,2) for $(call static_part,1)))
	$(Q)toolchain/lib/quiet.sh $(static_dir).log \
		$(if $(STATIC_SOURCE_$(XARCH)),toolchain/guest/static-build.sh $(call static_part,2) $(MUSL_CC) \
		$(GUEST_UAPI)/include $(static_dir),toolchain/guest/static-fetch.sh $(call static_part,2) \
		$(STATIC_FILE.$(call static_part,2)) $(call static_part,1) $(static_dir) $(DEB_SUITE_$(XARCH))) || \
		{ rm -rf $@; exit 1; }
# The root file system's parts, as initramfs.sh takes them (--PART=FILE).
ROOTFS_PARTS := init=$(GUEST)/rootfs/init hugesize=$(GUEST)/rootfs/hugesize demo=tests/guest/rootfs/demo.sh \
		busybox=$(BUSYBOX) bash=$(BASH) etc=tests/guest/rootfs/etc
ROOTFS       := $(foreach p,$(ROOTFS_PARTS),$(word 2,$(subst =, ,$(p))))

# A debug kernel under TCG is several times slower (doc/guest.md).
TEST_TIMEOUT  ?= $(if $(KERNEL_DEBUG),600,120)
GUEST_TIMEOUT ?= $(if $(KERNEL_DEBUG),3600,900)
VARHELP.TEST_TIMEOUT  := seconds one guest test program may run before it is killed and failed (120; KERNEL_DEBUG: 600)
VARHELP.GUEST_TIMEOUT := seconds the host waits for a guest boot before it kills it and fails (900; KERNEL_DEBUG: 3600)
VARHELP.KERNEL_ARGS   := more of the guest kernel's command line, for every guest

# What the kernel series changes: on a kernel without it (KERNEL_PATCHES=none)
# the failures of these programs, and these results (PROGRAM:RESULT: the
# private fork of the sizes fork-fix/ mends, doc/known-bugs.md), are
# expected, TAP TODO results that the tally counts as such (hugesize.xfail=).
SERIES_TESTS   := mmap_shared_validate $(notdir $(SELFTEST))
SERIES_RESULTS := $(foreach s,64KB 1GB,integrity:size.$(s).mmap_private_fork_copy_on_write)
SERIES_XFAIL   := $(subst $(space),$(comma),$(SERIES_TESTS) $(SERIES_RESULTS))

# A guest is data: PROGRAMS.NAME (what goes into /tests), and the fields of
# its architecture's table (toolchain/arch/XARCH.mk), FIELD_XARCH, or
# FIELD_XARCH.NAME where the guest differs: KERNEL_PATCHES (none: the tree
# without the series), MEM, POOLS (the pools on the kernel command line),
# SIZES (the sizes it must offer), KARGS (more of the kernel command line)
# and QEMU_ARGS. DEBUG_MEM_XARCH, where set, is the memory of every guest on
# the debug kernel (KERNEL_DEBUG). $(call guest_var,FIELD,NAME) is that lookup.
guest_var = $(if $(filter undefined,$(origin $(1)_$(XARCH).$(2))),$($(1)_$(XARCH)),$($(1)_$(XARCH).$(2)))

# $(call guest_image,NAME): a root file system NAME.cpio with exactly
# PROGRAMS.NAME in /tests (their list is a prerequisite too, so a program
# dropped from it leaves), and $(call BOOT.NAME,MODE[,COMMAND]) to boot its
# kernel with it: check runs the tests, run a command, shell a shell. The
# QEMU command line is made here, whole, and toolchain/guest/boot.sh runs it
# with the image and the console added.
define guest_image
PROGRAMS.$(1) += $(if $(filter $(1),$(GUEST_BINS_IN)),$(GUEST_BINS))
$(GUEST)/$(1).list: FORCE
	$$(call write_if_changed,$$(PROGRAMS.$(1)))
$(GUEST)/$(1).cpio: $(GUEST)/$(1).list $$(ROOTFS) $(wildcard tests/guest/rootfs/etc/*) $$(PROGRAMS.$(1)) | $$(call needs,arch)
	$$(call say,guest,packing $$(@F) ($$(words $$(PROGRAMS.$(1))) test programs))
	$(Q)toolchain/guest/initramfs.sh $$@ $$(ROOTFS_PARTS:%=--%) $$(PROGRAMS.$(1))
TREE.$(1) := $(if $(filter none,$(call guest_var,KERNEL_PATCHES,$(1))),$(UNPATCHED),$(KTREE))
BOOT.$(1) = GUEST_TIMEOUT=$$(GUEST_TIMEOUT) toolchain/guest/boot.sh $$(1) $(GUEST)/$(1).cpio $(GUEST)/$(1).$$(1).log $$(2) -- \
	$(QEMU_$(XARCH)) $(MACHINE_$(XARCH)) -accel tcg -cpu $(or $(CPU_$(XARCH)),max) -smp $(or $(SMP_$(XARCH)),2) \
	-m $(or $(if $(KERNEL_DEBUG),$(DEBUG_MEM_$(XARCH))),$(call guest_var,MEM,$(1))) -no-reboot -kernel $$(KIMAGE.$$(TREE.$(1))) $(call guest_var,QEMU_ARGS,$(1)) \
	-append 'console=$(CONSOLE_$(XARCH)) panic=-1 panic_on_warn=1 panic_print=0x20 quiet $(call guest_var,POOLS,$(1)) \
	hugesize.timeout=$$(TEST_TIMEOUT) $(call guest_var,KARGS,$(1)) \
	hugesize.sizes=$(subst $(space),$(comma),$(call guest_var,SIZES,$(1))) \
	hugesize.patches=$$(KPATCHES.$$(TREE.$(1))) \
	hugesize.xfail=$$(if $$(filter none,$$(KPATCHES.$$(TREE.$(1)))),$$(SERIES_XFAIL)) $$(KERNEL_ARGS)'
endef

# $(call guest_stage,NAME): the image, and the stage NAME that boots it and
# counts its TAP; RESULTS/NAME.kernel names the kernel it booted. The stage
# stands while its kernel, its image and its boot command (NAME.boot: QEMU,
# memory, pools, command line, time limits) stay the same.
define guest_stage
$(call guest_image,$(1))
$(GUEST)/$(1).boot: FORCE
	$$(call write_if_changed,$$(call BOOT.$(1),check))
$$(RESULTS)/$(1).counts: $$(KIMAGE.$$(TREE.$(1))) $(GUEST)/$(1).cpio $(GUEST)/$(1).boot toolchain/guest/boot.sh
	$$(call say,qemu,$(1): $$(KNAME.$$(TREE.$(1))) on $(XARCH) with $$(words $$(PROGRAMS.$(1))) test programs)
	$(Q)mkdir -p $$(@D) && echo '$$(KNAME.$$(TREE.$(1))) on $(XARCH)' >$$(@D)/$(1).kernel
	$$(call check,$$(call BOOT.$(1),check))
endef

# The suite, one guest per libc flavour. GUEST_BINS join the stages of
# GUEST_BINS_IN: the patched musl's guest unless asked otherwise.
guest_programs = $(addprefix $(GUEST)/tests/,$(addsuffix $(if $(filter-out musl,$(1)),.$(1)),$(2)))
SUITE    := $(basename $(notdir $(wildcard tests/guest/*.c tests/guest-arch/*.c)))
$(foreach f,$(FLAVOURS_$(XARCH)),$(eval PROGRAMS.check-guest-$(f) := $(call guest_programs,$(f),$(SUITE))))
PROGRAMS.check-guest-musl += $(SELFTEST)
MUSL_SUITE := $(PROGRAMS.check-guest-musl)
GUEST_BINS_IN ?= check-guest-musl
$(foreach f,$(FLAVOURS_$(XARCH)),$(eval $(call guest_stage,check-guest-$(f))))
GUEST_CHECKS += $(FLAVOURS_$(XARCH):%=check-guest-%)
check-guest: $(call counts,$(FLAVOURS_$(XARCH):%=check-guest-%))
	$(tally)
HELP.check-guest := the guest suite, one guest per libc flavour of XARCH ($(FLAVOURS_$(XARCH)))
VARHELP.GUEST_BINS := "a b": your static programs, run in the musl guest after ours (exit 0 pass, 4 skip, else fail; TAP counts as its results)
VARHELP.GUEST_BINS_IN := the guest stages GUEST_BINS join (default check-guest-musl; say check-numa, check-kselftest)

# The hugetlb tests of the booted tree's own mm selftests, built statically
# from that tree (KTREE: without the series too) with the glibc of the
# architecture, as they expect, and run by its run_vmtests.sh
# (tests/guest/kselftest/kselftest-hugetlb).
KSELFTEST_MM := $(GUEST)/kselftest
$(KSELFTEST_MM): $(KSTAMP.$(KTREE)) $(GUEST_UAPI)/.installed \
		toolchain/guest/kselftest-build.sh | $(call needs,cc)
	$(call say,guest,building the hugetlb selftests of linux-$(KTREE))
	$(Q)toolchain/lib/quiet.sh $@.log toolchain/guest/kselftest-build.sh $(KSRC.$(KTREE)) $(GLIBC_CC) \
		$(GUEST_UAPI)/include $@
PROGRAMS.check-kselftest := tests/guest/kselftest/kselftest-hugetlb $(KSELFTEST_MM)
$(eval $(call guest_stage,check-kselftest))
$(RESULTS)/check-kselftest.counts: TEST_TIMEOUT := $(if $(KERNEL_DEBUG),3000,900)
GUEST_CHECKS += check-kselftest
HELP.check-kselftest := the hugetlb tests of linux-$(KTREE)'s own mm selftests (run_vmtests.sh -t hugetlb)

# The suite and the kernel's selftests, without the architecture's own
# guests: what check-debug runs on the debug kernel.
SUITE_CHECKS := $(FLAVOURS_$(XARCH):%=check-guest-%) check-kselftest
check-suite: $(call counts,$(SUITE_CHECKS))
	$(tally)
HELP.check-suite := the guest suite (one guest per libc flavour) and the kernel's hugetlb selftests, of KVER and XARCH
.PHONY: check-suite

# The architecture's own guests (GUESTS_XARCH: a NUMA machine, a page of
# the largest size really reserved, the kernel without the series, another
# MMU), each all data in its table: PROGRAMS_XARCH.NAME, HELP_XARCH.NAME
# and what differs from the architecture's. PROGRAMS_XARCH.NAME names
# programs of the suite's folders, built with the patched musl; `suite` is
# the whole of the musl guest's.
stage_programs = $(foreach p,$(1),$(if $(filter suite,$(p)),$(MUSL_SUITE),$(call guest_programs,musl,$(p))))
$(foreach g,$(GUESTS_$(XARCH)),$(eval PROGRAMS.$(g) := $(call stage_programs,$(PROGRAMS_$(XARCH).$(g))))$(eval \
	HELP.$(g) := $(HELP_$(XARCH).$(g)))$(eval $(call guest_stage,$(g))))
GUEST_CHECKS += $(GUESTS_$(XARCH))

# Not a check: 1 GiB of each size, 512 2M pages and one 1G page, next to 1 GiB of base pages.
PROGRAMS.bench := $(GUEST)/tests/bench
POOLS_$(XARCH).bench := hugepagesz=1G hugepages=1 hugepagesz=2M hugepages=512 default_hugepagesz=2M
$(eval $(call guest_stage,bench))
$(RESULTS)/bench.counts: TEST_TIMEOUT := 900
# Its figures are wanted each time.
$(RESULTS)/bench.counts: FORCE
HELP.bench := in the guest, populate 1 GiB with 4K, 2M and 1G pages: minor faults, time, random access

# make run and make shell boot a root file system with no tests.
PROGRAMS.run :=
$(eval $(call guest_image,run))
CMD ?= /bin/demo
run: $(KIMAGE.$(KTREE)) $(GUEST)/run.cpio
	$(Q)$(cache_report)
	$(call say,qemu,booting linux-$(KTREE) for $(XARCH): $(CMD))
	$(Q)$(call BOOT.run,run,'$(subst ','\'',$(CMD))')
HELP.run := boot the kernel and show huge page size selection at work (CMD=...: run that, exit with its status)
VARHELP.CMD := with run: the command to run in the guest (default /bin/demo)
shell: $(KIMAGE.$(KTREE)) $(GUEST)/run.cpio
	$(call say,qemu,booting linux-$(KTREE) for $(XARCH) with a shell (Ctrl-A X quits))
	$(Q)$(call BOOT.run,shell)
HELP.shell := boot the guest with a busybox shell on the serial console

guest: $(KIMAGE.$(KTREE)) $(foreach s,$(GUEST_CHECKS) run,$(GUEST)/$(s).cpio)
HELP.guest := the guest kernel and the root file system of every guest stage
.PHONY: guest check-guest run shell
