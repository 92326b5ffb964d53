# SPDX-License-Identifier: MIT
# The libc stage: two releases of each C library, each with its series of
# libc-patches/LIB/VERSION applied:
#
#   upstream  glibc 2.44 (Debian experimental's glibc-source)   musl 1.2.6 (its upstream tarball, from unstable)
#   debian12  glibc 2.36 (Debian 12's glibc-source)         musl 1.2.3 (Debian 12's source package)
#
#   source ─series─► build/src/musl-V ─► build/obj/libc/musl-V-arch/ARCH/include   headers of every musl arch
#                                    └► build/musl-ARCH (1.2.6 only: libc.a, musl-gcc)   what guest programs link
#   source ─series─► build/src/glibc-V ─► build/glibc-headers/V/TRIPLET/usr/include    nothing compiled
#
# Each release is checked against the patched kernel's uapi: its x86-64
# headers with the kernel's (check-libc-headers-R), every architecture
# (check-libc-arch-R) and glibc's own constants test (check-glibc-consts-R).
# The glibc flavour of the guest and the compat matrix take 2.36's headers,
# the release of the machine's own glibc library.
#
# Uses:     XARCH's table (MUSL_ARCH_A, MUSL_CFLAGS_A, TRIPLET_A, DEB_ARCH_A), KTREE, UAPI.T, UAPI_ARCHES,
#           needs, fetched, cross_packages, GLIBC_HOST, hash, check, say
# Provides: musl_cc, STOCK_MUSL_CC, STOCK_MUSL_DEP, glibc_root, GLIBC_TRIPLETS, MUSL_HOST_BUILT, LIBC_ARCH_CHECKS;
#           targets libc, check-libc*, check-glibc-consts*

LIBC_RELEASES     := upstream debian12
GLIBC.upstream    := 2.44
MUSL.upstream     := 1.2.6
GLIBC.debian12    := 2.36
MUSL.debian12     := 1.2.3
MUSL_BUILT        := $(MUSL.upstream)
GLIBC_SYSTEM      := $(GLIBC.debian12)
LIBC_OBJ          := $(B)/obj/libc
# glibc's headers are checked for the build machine and one target of each
# MAP_HUGETLB value: 0x40000 (aarch64), 0x80000 (mips64el, hppa), 0x100000 (alpha).
GLIBC_TRIPLETS := $(GLIBC_HOST) aarch64-linux-gnu mips64el-linux-gnuabi64 hppa-linux-gnu alpha-linux-gnu

# Where each source comes from: FETCH.LIB-V (prerequisites) and
# UNPACK.LIB-V (the command that makes the tree $(1)).
FETCH.musl-$(MUSL.upstream)    := $(call fetched,musl)/.fetched | $(call needs,base)
UNPACK.musl-$(MUSL.upstream)     = toolchain/lib/unpack.sh $(call fetched,musl)/musl_$(MUSL.upstream).orig.tar.gz $(1)
FETCH.musl-$(MUSL.debian12)    := | $(call needs,musl)
UNPACK.musl-$(MUSL.debian12)     = toolchain/lib/quiet.sh $(LIBC_OBJ)/musl-source.log \
			toolchain/libc/musl-source.sh $(1) $(B)/apt/musl $(MUSL.debian12)
FETCH.glibc-$(GLIBC.upstream)  := $(call fetched,glibc-source)/.fetched | $(call needs,base)
UNPACK.glibc-$(GLIBC.upstream)   = toolchain/lib/unpack.sh $(call fetched,glibc-source)/usr/src/glibc/glibc-$(GLIBC.upstream).tar.xz $(1)
FETCH.glibc-$(GLIBC.debian12)  := | $(call needs,glibc)
UNPACK.glibc-$(GLIBC.debian12)   = toolchain/lib/unpack.sh /usr/src/glibc/glibc-$(GLIBC.debian12).tar.xz $(1)

# The quilt series and the patches it names; a stamp named after their hash
# sits in the tree's .hugesize/, which apply-series.sh renews on every change.
libc_series = $(1)/series $(addprefix $(1)/,$(shell toolchain/lib/series.sh $(1)/series 2>/dev/null))
libc_src    = $(B)/src/$(1)-$(2)
libc_stamp  = $(call libc_src,$(1),$(2))/.hugesize/applied.$(call hash,$(call libc_series,libc-patches/$(1)/$(2)))

# $(call libc_tree,LIB,VERSION): unpack the source once, then make the tree
# follow the series.
define libc_tree
$(call libc_stamp,$(1),$(2)): $(call libc_series,libc-patches/$(1)/$(2)) $(FETCH.$(1)-$(2))
	$(Q)[ -d $(call libc_src,$(1),$(2)) ] || { \
		$(call say_sh,$(1),unpacking $(1) $(2) into $(call libc_src,$(1),$(2))); \
		$(call UNPACK.$(1)-$(2),$(call libc_src,$(1),$(2))); }
	$$(call say,$(1),applying libc-patches/$(1)/$(2)/series)
	$(Q)toolchain/lib/apply-series.sh $(call libc_src,$(1),$(2)) libc-patches/$(1)/$(2)/series
	$(Q)touch $$@
endef

# $(call musl_headers,VERSION): musl's headers for every musl architecture.
musl_headers = $(LIBC_OBJ)/musl-$(1)-arch
define musl_headers_rule
$(call musl_headers,$(1))/.installed: $(call libc_stamp,musl,$(1)) toolchain/libc/musl-headers.sh
	$$(call say,musl,installing the headers of musl $(1) for every musl architecture)
	$(Q)toolchain/lib/quiet.sh $$(@D).log toolchain/libc/musl-headers.sh $(call libc_src,musl,$(1)) $$(@D)
	$(Q)touch $$@
endef

# $(call glibc_root,TRIPLET[,VERSION]): glibc's headers for one target,
# ROOT/usr/include; 2.36's unless VERSION says otherwise.
glibc_root = $(B)/glibc-headers/$(or $(2),$(GLIBC_SYSTEM))/$(1)
define glibc_headers_rule
$(B)/glibc-headers/$(1)/%/.installed: $(call libc_stamp,glibc,$(1)) toolchain/libc/glibc-headers.sh | $(call needs,glibc)
	$$(call say,glibc,installing the headers of glibc $(1) for $$*)
	+$(Q)toolchain/lib/quiet.sh $(LIBC_OBJ)/glibc-$(1)-$$*.log \
		toolchain/libc/glibc-headers.sh $(call libc_src,glibc,$(1)) $(LIBC_OBJ)/glibc-$(1)-$$* $$(@D) $$*
	$(Q)touch $$@
endef

$(foreach v,$(sort $(foreach r,$(LIBC_RELEASES),$(MUSL.$(r)))),\
	$(eval $(call libc_tree,musl,$(v)))$(eval $(call musl_headers_rule,$(v))))
$(foreach v,$(sort $(foreach r,$(LIBC_RELEASES),$(GLIBC.$(r)))),\
	$(eval $(call libc_tree,glibc,$(v)))$(eval $(call glibc_headers_rule,$(v))))

# $(call musl_build,MUSL-ARCH,TRIPLET[,CFLAGS]): the patched musl for one musl
# architecture in build/musl-ARCH, built by TRIPLET-gcc (the host's gcc for
# the host's triplet), with CFLAGS (MUSL_CFLAGS_XARCH) in its wrapper too.
musl_cc = $(B)/musl-$(1)/bin/musl-gcc
define musl_build
$(B)/musl-$(1)/.built: $(call libc_stamp,musl,$(MUSL_BUILT)) | $(call needs,cc)
	$$(call say,musl,building the patched musl $(MUSL_BUILT) into $$(@D))
	$(Q)toolchain/lib/quiet.sh $(LIBC_OBJ)/musl-$(MUSL_BUILT)-$(1)-build.log \
		env MUSL_CFLAGS='$(3)' toolchain/libc/musl-build.sh $(call libc_src,musl,$(MUSL_BUILT)) $(LIBC_OBJ)/musl-$(MUSL_BUILT)-$(1) $$(@D) \
		$(filter-out $(GLIBC_HOST),$(2))
	$(Q)touch $$@
endef
$(eval $(call musl_build,x86_64,$(GLIBC_HOST)))
ifeq ($(NATIVE),)
$(eval $(call musl_build,$(MUSL_ARCH_$(XARCH)),$(TRIPLET_$(XARCH)),$(MUSL_CFLAGS_$(XARCH))))
endif

MUSL_HOST_BUILT := $(B)/musl-x86_64/.built

# Debian's musl as it is (the guest's stock-musl flavour): the machine's own
# musl-gcc (musl-tools) for its own architecture; for another, musl-dev of
# the target's Debian architecture, unpacked (toolchain/libc/stock-musl.sh),
# behind a musl-gcc that runs TRIPLET-gcc.
STOCK_MUSL     := $(B)/stock-musl-$(DEB_ARCH_$(XARCH))
STOCK_MUSL_CC  := $(if $(NATIVE),musl-gcc,$(STOCK_MUSL)/bin/musl-gcc)
STOCK_MUSL_DEP := $(if $(NATIVE),,$(STOCK_MUSL)/.fetched)
$(STOCK_MUSL)/.fetched: toolchain/libc/stock-musl.sh | $(call needs,cc)
	$(call say,musl,fetching musl-dev of Debian $(DEB_ARCH_$(XARCH)) (the stock-musl flavour))
	$(Q)toolchain/lib/quiet.sh $(@D).log toolchain/libc/stock-musl.sh $(DEB_ARCH_$(XARCH)) $(TRIPLET_$(XARCH)) $(@D)
	$(Q)touch $@
libc: $(MUSL_HOST_BUILT) $(call glibc_root,$(GLIBC_HOST))/.installed
HELP.libc := build the patched musl $(MUSL_BUILT) ($(B)/musl-x86_64) and install glibc $(GLIBC_SYSTEM)'s patched headers

# $(call libc_checks,RELEASE): the three checks of one release, each standing
# while its headers and tests/host/libc/ stay the same.
LIBC_TESTS := $(wildcard tests/host/libc/*) tests/lib/tap.sh tests/lib/huge_sizes.h
define libc_checks
$$(RESULTS)/check-libc-headers-$(1).counts: $(LIBC_TESTS) $(call glibc_root,$(GLIBC_HOST),$(GLIBC.$(1)))/.installed \
		$(call musl_headers,$(MUSL.$(1)))/.installed $(UAPI.$(KTREE))/x86/.installed
	$$(call check,tests/host/libc/check-headers.sh \
		glibc-$(GLIBC.$(1))=$(call glibc_root,$(GLIBC_HOST),$(GLIBC.$(1)))/usr/include \
		musl-$(MUSL.$(1))=$(call musl_headers,$(MUSL.$(1)))/x86_64/include $(UAPI.$(KTREE))/x86/include)
HELP.check-libc-headers-$(1) := glibc $(GLIBC.$(1)) and musl $(MUSL.$(1)), patched: values, include orders, namespaces

$$(RESULTS)/check-libc-arch-$(1).counts: $(LIBC_TESTS) $(foreach a,$(UAPI_ARCHES),$(UAPI.$(KTREE))/$(a)/.installed) \
		$(call musl_headers,$(MUSL.$(1)))/.installed \
		$(foreach t,$(GLIBC_TRIPLETS),$(call glibc_root,$(t),$(GLIBC.$(1)))/.installed) | $(call needs,glibc)
	$$(call check,tests/host/libc/check-arch.sh $(UAPI.$(KTREE)) $(call musl_headers,$(MUSL.$(1))) \
		$(foreach t,$(GLIBC_TRIPLETS),$(t)=$(call glibc_root,$(t),$(GLIBC.$(1)))))
HELP.check-libc-arch-$(1) := glibc $(GLIBC.$(1)) and musl $(MUSL.$(1)) against linux-$(KTREE)'s uapi on every architecture, and the mmap bit budget

$$(RESULTS)/check-glibc-consts-$(1).counts: $(LIBC_TESTS) $(call glibc_root,$(GLIBC_HOST),$(GLIBC.$(1)))/.installed \
		$(UAPI.$(KTREE))/x86/.installed | $(call needs,glibc)
	$$(call check,tests/host/libc/glibc-consts.sh $(call libc_src,glibc,$(GLIBC.$(1))) \
		$(call glibc_root,$(GLIBC_HOST),$(GLIBC.$(1)))/usr/include $(UAPI.$(KTREE))/x86/include)
HELP.check-glibc-consts-$(1) := glibc $(GLIBC.$(1))'s own tst-mman-consts.py against linux-$(KTREE)'s uapi
endef
$(foreach r,$(LIBC_RELEASES),$(eval $(call libc_checks,$(r))))

LIBC_ARCH_CHECKS := $(addprefix check-libc-arch-,$(LIBC_RELEASES))
LIBC_CHECKS := $(foreach r,$(LIBC_RELEASES),check-libc-headers-$(r) check-libc-arch-$(r) check-glibc-consts-$(r))
check-libc: $(call counts,$(LIBC_CHECKS))
	$(tally)
HELP.check-libc := every check of both releases: $(LIBC_CHECKS)
HOST_CHECKS += $(LIBC_CHECKS)
