# SPDX-License-Identifier: MIT
# The kernel stage: one pipeline per kernel tree.
#
#   Debian's linux-source-VERSION ─unpack─► build/src/linux-TREE ─series─► patched tree
#     ─headers_install─► build/uapi/TREE/KARCH/include   (every architecture)
#     ─tinyconfig + kernel/guest*.config─► build/obj/linux-TREE-XARCH/ boot image
#       (KERNEL_DEBUG=1: + kernel/debug/*.config, build/obj/linux-TREE-debug-XARCH/)
#
# A tree is a version with a series: TREE "6.12" is linux-source-6.12 with
# kernel/6.12/series, "6.12-unpatched" the same source as Debian ships it.
# Debian 12 has linux-source-6.12 and -6.1; 7.3 and 7.2 come from Debian
# experimental and unstable (SUITE_PIN in toolchain/deps/deps.mk). The guest, kernel-verify and the libc
# checks all read these trees and their uapi headers; nothing else unpacks
# or installs a kernel.
#
# Uses:     KVER, KERNEL_PATCHES, XARCH's table (toolchain/arch/), ARCHES, needs, hash, say, kdeb, cache_report
# Provides: KSRC.T KSTAMP.T UAPI.T KNAME.T (every tree T), KIMAGE.T (KVER's trees,
#           patched and not), KTREE (the tree of KVER and KERNEL_PATCHES),
#           UAPI_ARCHES; targets kernel, check-kernel-verify

# Every architecture with uapi headers in 6.1 up to 7.2 (ia64 left in 6.7).
UAPI_ARCHES   := alpha arc arm arm64 csky hexagon loongarch m68k microblaze mips nios2 \
		 openrisc parisc powerpc riscv s390 sh sparc x86 xtensa
# The architectures kernel-verify checks every tree's uapi of.
VERIFY_ARCHES := x86 arm64 mips alpha parisc powerpc s390 sparc riscv

# The tree of KVER without the series, and the one the build is for.
UNPATCHED := $(KVER)-unpatched
KTREE   := $(if $(filter none,$(KERNEL_PATCHES)),$(UNPATCHED),$(KVER))
# KERNEL_DEBUG=1: the debug kernel of each tree (DEBUG_VM, lockdep:
# kernel/debug/common.config, then the fragments of kernel/debug/ that
# XARCH's table names in DEBUG_XARCH: KASAN and the rest where its Kconfig
# has them), built apart from the plain one; its guests' programs and
# results are apart too (KFLAVOUR in their folders).
KFLAVOUR := $(if $(KERNEL_DEBUG),-debug)
KCONFIG := kernel/guest.config $(wildcard kernel/$(KVER)/guest.config kernel/guest-$(XARCH).config) \
	$(if $(KERNEL_DEBUG),kernel/debug/common.config $(DEBUG_$(XARCH):%=kernel/debug/%.config))
KCONFIG := $(strip $(KCONFIG))
VARHELP.KERNEL_DEBUG := 1: the guest kernels with the debug options of kernel/debug/ (DEBUG_VM, lockdep, KASAN); check-debug sets it
kseries = kernel/$(1)/series
# Debian's tarball of linux-source-VERSION: installed, or fetched from sid.
ksid     = $(if $(SUITE_PIN.linux-source-$(1)),$(call fetched,linux-source-$(1)))
ktarball = $(call ksid,$(1))/usr/src/linux-source-$(1).tar.xz

# $(call kernel_tree,TREE,VERSION,SERIES): unpack the pinned Debian version
# (again when the pin moves, TREE.debian says which one is there, and then
# the tree's objects go too: the tarball's mtimes are older), then make
# the tree follow SERIES (toolchain/lib/apply-series.sh takes the old one
# back out). KNAME.TREE says what it is, in the results of every guest;
# KPATCHES.TREE is series or none.
define kernel_tree
KSRC.$(1)   := $(B)/src/linux-$(1)
KDEB.$(1)   := $(call kdeb,$(2))
KFILES.$(1) := $(3) $$(addprefix $(dir $(3)),$$(shell toolchain/lib/series.sh $(3) 2>/dev/null))
KSTAMP.$(1) := $$(KSRC.$(1))/.hugesize/applied.$$(call hash,$$(KFILES.$(1)))-$$(KDEB.$(1))
KPATCHES.$(1) := $(if $(filter /dev/null,$(3)),none,series)
KNAME.$(1)  := linux-source-$(2) $$(KDEB.$(1)) $(if $(filter /dev/null,$(3)),as Debian ships it,with $(3))$(if \
	$(KERNEL_DEBUG), (debug kernel))
UAPI.$(1)   := $(B)/uapi/$(1)
$$(KSTAMP.$(1)): $$(KFILES.$(1)) | $$(call needs,kernel-$(2)) $$(addsuffix /.fetched,$$(call ksid,$(2)))
	$$(Q)[ -f $$(KSRC.$(1))/Makefile ] && [ "$$$$(cat $$(KSRC.$(1)).debian 2>/dev/null)" = '$$(KDEB.$(1))' ] || { \
		$$(call say_sh,kernel,unpacking linux-source-$(2) $$(KDEB.$(1)) into $$(KSRC.$(1))); \
		rm -rf $$(KSRC.$(1)) $$(KSRC.$(1)).debian $(B)/obj/uapi-$(1) $(ARCHES:%=$(B)/obj/linux-$(1)-%) \
			$(ARCHES:%=$(B)/obj/linux-$(1)-debug-%) && \
		toolchain/lib/quiet.sh $$(KSRC.$(1)).unpack.log \
			toolchain/lib/unpack.sh $$(call ktarball,$(2)) $$(KSRC.$(1)) && \
		echo '$$(KDEB.$(1))' >$$(KSRC.$(1)).debian; }
	$$(call say,kernel,applying $(3) to linux-$(1))
	$$(Q)toolchain/lib/apply-series.sh $$(KSRC.$(1)) $(3)
	$$(Q)touch $$@
$(B)/uapi/$(1)/%/.installed: $$(KSTAMP.$(1))
	$$(call say,kernel,installing the $$* uapi headers of linux-$(1))
	+$$(Q)toolchain/lib/quiet.sh $(B)/obj/uapi-$(1)-$$*/install.log \
		toolchain/kernel/uapi-install.sh $$(KSRC.$(1)) $$* $$(@D) $(B)/obj/uapi-$(1)
	$$(Q)touch $$@
endef

# $(call kernel_image,TREE): the boot image of TREE for XARCH.
define kernel_image
KOBJ.$(1)   := $(B)/obj/linux-$(1)$(KFLAVOUR)-$(XARCH)
KIMAGE.$(1) := $(B)/obj/linux-$(1)$(KFLAVOUR)-$(XARCH)/$(IMAGE_$(XARCH))
# The stamp, not .config, is the target: a run stopped half-way through
# leaves a .config that is not ours. The list of fragments is a
# prerequisite too: a table that names one more configures again.
$$(KOBJ.$(1))/.config.fragments: FORCE
	$$(call write_if_changed,$(KCONFIG))
$$(KOBJ.$(1))/.config.hugesize: $(KCONFIG) $$(KOBJ.$(1))/.config.fragments | $$(KSTAMP.$(1)) $$(call needs,kcc)
	$$(call say,kernel,configuring linux-$(1) for $(XARCH): tinyconfig + $(KCONFIG))
	$$(Q)rm -f $$@ && mkdir -p $$(@D)
	$$(Q)toolchain/lib/quiet.sh $$(@D)/config.log sh -c '$$(call kmake,$(1)) tinyconfig && \
		$$(KSRC.$(1))/scripts/kconfig/merge_config.sh -m -O $$(@D) $$(@D)/.config $(KCONFIG) && \
		$$(call kmake,$(1)) olddefconfig'
	$$(Q)toolchain/kernel/kconfig-verify.sh $$(@D)/.config $(KCONFIG)
	$$(Q)touch $$@
$$(KIMAGE.$(1)): $$(KOBJ.$(1))/.config.hugesize $$(KSTAMP.$(1)) | $$(call needs,kcc)
	$$(call say,kernel,building linux-$(1) for $(XARCH) (a few minutes when cold))
	+$$(Q)toolchain/lib/quiet.sh $$(KOBJ.$(1))/build.log $$(call kmake,$(1)) $(notdir $(IMAGE_$(XARCH)))
	$$(Q)touch $$@
endef
# kbuild writes the time, user and host of the build into the kernel: fixed,
# so that the same tree compiles to the same objects and ccache can serve them.
export KBUILD_BUILD_TIMESTAMP := 2026-01-01 00:00:00 UTC
export KBUILD_BUILD_USER      := hugesize
export KBUILD_BUILD_HOST      := hugesize
kmake = $(MAKE) -s -C $(KSRC.$(1)) O=$(abspath $(KOBJ.$(1))) ARCH=$(KARCH_$(XARCH)) CROSS_COMPILE=$(KCROSS_$(XARCH))

$(foreach v,$(sort $(KVER) $(KVERS)),$(eval $(call kernel_tree,$(v),$(v),$(call kseries,$(v)))))
$(eval $(call kernel_tree,$(UNPATCHED),$(KVER),/dev/null))
$(foreach t,$(KVER) $(UNPATCHED),$(eval $(call kernel_image,$(t))))

kernel: $(KIMAGE.$(KTREE)) $(UAPI.$(KTREE))/$(UAPI_ARCH_$(XARCH))/.installed
	$(Q)$(cache_report)
HELP.kernel := unpack, patch, configure and build the guest kernel (KERNEL_PATCHES=none: as Debian ships it)

# Each tree of KVERS with its series: applied with no fuzz, checkpatch
# --strict silent, every size in every architecture's uapi. Its inputs are
# all here, so it stands until one changes.
$(RESULTS)/check-kernel-verify.counts: tests/host/kernel/verify.sh tests/lib/tap.sh tests/lib/huge_sizes.h \
		$(foreach v,$(KVERS),$(KSTAMP.$(v)) $(KFILES.$(v)) \
		$(foreach a,$(VERIFY_ARCHES),$(UAPI.$(v))/$(a)/.installed)) | $(call needs,checkpatch)
	$(call check,tests/host/kernel/verify.sh $(foreach v,$(KVERS),\
		$(KSRC.$(v)):$(call kseries,$(v)):$(UAPI.$(v))) -- $(VERIFY_ARCHES))
HELP.check-kernel-verify := kernel/VERSION/series on linux $(KVERS): no fuzz, checkpatch --strict, uapi of $(words $(VERIFY_ARCHES)) arches
kernel-verify: check-kernel-verify
HELP.kernel-verify := the same as check-kernel-verify
# kernel/ is also a folder: without .PHONY make takes it as the target, up to date.
.PHONY: kernel kernel-verify
HOST_CHECKS += check-kernel-verify
