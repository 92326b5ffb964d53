# The guest kernel: Debian's linux-source-$(KVER), patched with kernel/series,
# configured as tinyconfig + kernel/guest.config + the fragment of $(ARCH)
# (toolchain/arch.mk); its boot image and uapi headers. One source tree per
# KFLAVOUR, one build tree per KFLAVOUR and architecture (KNAME).

PACKAGES += linux-source-$(KVER) linux-source-6.12 linux-source-6.1 flex bison bc libelf-dev rsync

# KERNEL_PATCHES=none builds and boots the kernel as Debian ships it.
KERNEL_PATCHES ?= series
ifeq ($(KERNEL_PATCHES),none)
KSERIES  := /dev/null
KFLAVOUR := $(KVER)-unpatched
else
KSERIES  := kernel/series
KFLAVOUR := $(KVER)
endif

KNAME   := $(KFLAVOUR)$(ARCH_SUFFIX)
KARCH   := $(ARCH_KARCH)
KSRC    := $(B)/src/linux-$(KFLAVOUR)
KOBJ    := $(B)/obj/linux-$(KNAME)
SYSROOT := $(B)/sysroot/$(KNAME)
KIMAGE  := $(KOBJ)/$(ARCH_IMAGE_PATH)
KMAKE    = $(MAKE) -s -C $(KSRC) O=$(abspath $(KOBJ)) ARCH=$(KARCH) CROSS_COMPILE=$(ARCH_KCROSS)
# Two make runs in one checkout must not build one kernel tree at once.
KLOCK    = flock $(B)/obj/.linux-$(KNAME).lock

KSERIES_FILES := $(KSERIES) $(addprefix kernel/,$(shell sed 's/#.*//' $(KSERIES) 2>/dev/null))
KSRC_STAMP    := $(KSRC)/.hugesize/applied.$(call hash,$(KSERIES_FILES))

$(KSRC_STAMP): $(KSERIES_FILES) | $(DEPS)
	$(Q)if [ ! -d $(KSRC) ]; then \
		printf '  %-8s %s\n' '[kernel]' 'unpacking linux-source-$(KVER)'; \
		toolchain/unpack.sh /usr/src/linux-source-$(KVER).tar.xz $(KSRC); fi
	$(call say,kernel,applying $(KSERIES) to linux-$(KVER))
	$(Q)toolchain/apply-series.sh $(KSRC) $(KSERIES)
	$(Q)touch $@

$(KOBJ)/.config: $(ARCH_CONFIG) | $(KSRC_STAMP)
	$(call say,kernel,configuring tinyconfig + $^ for $(KARCH))
	$(Q)mkdir -p $(KOBJ)
	$(Q)$(KLOCK) toolchain/quiet.sh $(KOBJ)/config.log sh -c '$(KMAKE) tinyconfig && \
		$(KSRC)/scripts/kconfig/merge_config.sh -m -O $(KOBJ) $(KOBJ)/.config $^ && \
		$(KMAKE) olddefconfig'
	$(Q)for f in $^; do toolchain/kconfig-verify.sh $$f $@ || exit; done

$(KIMAGE): $(KOBJ)/.config $(KSRC_STAMP)
	$(call say,kernel,building $(ARCH_IMAGE) (linux-$(KNAME); a few minutes when cold))
	$(Q)$(KLOCK) toolchain/quiet.sh $(KOBJ)/build.log $(KMAKE) -j$(shell nproc) $(ARCH_IMAGE)
	$(Q)touch $@

$(SYSROOT)/.installed: $(KSRC_STAMP)
	$(call say,kernel,installing uapi headers into $(SYSROOT))
	$(Q)mkdir -p $(KOBJ) && $(KLOCK) toolchain/quiet.sh $(KOBJ)/headers.log $(MAKE) -s -C $(KSRC) O=$(abspath $(KOBJ))-headers \
		ARCH=$(KARCH) headers_install INSTALL_HDR_PATH=$(abspath $(SYSROOT))/usr
	$(Q)touch $@

# The series applies with no fuzz to both trees, checkpatch is silent, and
# every architecture's installed uapi carries every size.
check-kernel-verify: | $(DEPS)
	$(call say,kernel,verifying kernel/series against linux 6.12 and 6.1)
	$(Q)toolchain/kernel-verify.sh | toolchain/tap-count.sh $@
kernel-verify: check-kernel-verify
HOST_CHECKS += check-kernel-verify

kernel: $(KIMAGE) $(SYSROOT)/.installed
ALL  += kernel
HELP += "kernel     unpack, patch, configure and build the guest kernel and its uapi headers"
HELP += "           (KERNEL_PATCHES=none: the kernel as Debian ships it)"
HELP += "kernel-verify  the series applies with no fuzz to 6.12 and 6.1, checkpatch --strict, uapi per arch"
.PHONY: kernel kernel-verify
