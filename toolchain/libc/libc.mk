# SPDX-License-Identifier: MIT
# The libc stage: Debian's musl 1.2.3 and glibc 2.36 with their series in
# libc-patches/ applied (musl/1.2.3, glibc/2.36).
#
#   musl source package ─series─► build/src/musl-1.2.3 ─► build/musl-ARCH (libc.a, headers, musl-gcc)
#                                                       └► musl headers of every musl architecture
#   glibc-source tarball ─series─► build/src/glibc-2.36 ─► glibc headers per target (nothing compiled)
#
# The patched musl is what the guest programs link against; the headers are
# what check-libc-headers and check-libc-arch hold against the kernel's.
#
# Uses:     XARCH's table (ARCH_MUSL, ARCH_TRIPLET), KTREE, UAPI.T, UAPI_ARCHES,
#           needs, cross_packages, GLIBC_HOST, hash, say
# Provides: musl_cc, glibc_root, GLIBC_TRIPLETS; targets libc, check-libc*

MUSL_VERSION  := 1.2.3
GLIBC_VERSION := 2.36
LIBC_OBJ   := $(B)/obj/libc
MUSL_SRC   := $(B)/src/musl-$(MUSL_VERSION)
GLIBC_SRC  := $(B)/src/glibc-$(GLIBC_VERSION)
# glibc's headers are checked for the build machine and one target of each
# MAP_HUGETLB value: 0x40000 (aarch64), 0x80000 (mips64el, hppa), 0x100000 (alpha).
GLIBC_TRIPLETS := $(GLIBC_HOST) aarch64-linux-gnu mips64el-linux-gnuabi64 hppa-linux-gnu alpha-linux-gnu

# The quilt series and the patches it names; a stamp named after their hash
# sits in the tree's .hugesize/, which apply-series.sh renews on every change.
libc_series = $(1)/series $(addprefix $(1)/,$(shell sed 's/#.*//' $(1)/series 2>/dev/null))
MUSL_SERIES  := libc-patches/musl/$(MUSL_VERSION)
GLIBC_SERIES := libc-patches/glibc/$(GLIBC_VERSION)
MUSL_STAMP   := $(MUSL_SRC)/.hugesize/applied.$(call hash,$(call libc_series,$(MUSL_SERIES)))
GLIBC_STAMP  := $(GLIBC_SRC)/.hugesize/applied.$(call hash,$(call libc_series,$(GLIBC_SERIES)))

# $(call libc_tree,STAMP,NAME,SRC,SERIES-DIR,DEPS-SET,COMMAND creating SRC):
# unpack the Debian source once, then make the tree follow the series.
define libc_tree
$(1): $(call libc_series,$(4)) | $(call needs,$(5))
	$(Q)[ -d $(3) ] || { $(call say_sh,$(2),unpacking the Debian source into $(3)); $(6); }
	$$(call say,$(2),applying $(4)/series)
	$(Q)toolchain/lib/apply-series.sh $(3) $(4)/series
	$(Q)touch $$@
endef
$(eval $(call libc_tree,$(MUSL_STAMP),musl,$(MUSL_SRC),$(MUSL_SERIES),musl,\
	toolchain/lib/quiet.sh $(LIBC_OBJ)/musl-source.log toolchain/libc/musl-source.sh $(MUSL_SRC) $(B)/apt/musl $(MUSL_VERSION)))
$(eval $(call libc_tree,$(GLIBC_STAMP),glibc,$(GLIBC_SRC),$(GLIBC_SERIES),glibc,\
	toolchain/lib/unpack.sh /usr/src/glibc/glibc-$(GLIBC_VERSION).tar.xz $(GLIBC_SRC)))

# $(call musl_build,MUSL-ARCH,TRIPLET): the patched musl for one musl
# architecture in build/musl-ARCH, built by TRIPLET-gcc (the host's gcc for
# the host's triplet).
musl_cc = $(B)/musl-$(1)/bin/musl-gcc
define musl_build
$(B)/musl-$(1)/.built: $(MUSL_STAMP) | $(call needs,arch)
	$$(call say,musl,building the patched musl into $$(@D))
	$(Q)toolchain/lib/quiet.sh $(LIBC_OBJ)/musl-$(1)-build.log \
		toolchain/libc/musl-build.sh $(MUSL_SRC) $(LIBC_OBJ)/musl-$(1) $$(@D) \
		$(filter-out $(GLIBC_HOST),$(2))
	$(Q)touch $$@
endef
$(eval $(call musl_build,x86_64,$(GLIBC_HOST)))
ifneq ($(ARCH_MUSL),x86_64)
$(eval $(call musl_build,$(ARCH_MUSL),$(ARCH_TRIPLET)))
endif

# glibc's headers for one target: build/glibc-headers/TRIPLET/usr/include.
glibc_root = $(B)/glibc-headers/$(1)
$(B)/glibc-headers/%/.installed: $(GLIBC_STAMP) | $(call needs,glibc)
	$(call say,glibc,installing the patched headers for $*)
	+$(Q)toolchain/lib/quiet.sh $(LIBC_OBJ)/glibc-$*.log \
		toolchain/libc/glibc-headers.sh $(GLIBC_SRC) $(LIBC_OBJ)/glibc-$* $(@D) $*
	$(Q)touch $@

# musl's headers for every musl architecture.
$(LIBC_OBJ)/musl-arch/.installed: $(MUSL_STAMP)
	$(call say,musl,installing the patched headers of every musl architecture)
	$(Q)toolchain/lib/quiet.sh $(LIBC_OBJ)/musl-arch.log toolchain/libc/musl-headers.sh $(MUSL_SRC) $(@D)
	$(Q)touch $@

MUSL_HOST_BUILT := $(B)/musl-x86_64/.built
libc: $(MUSL_HOST_BUILT) $(call glibc_root,$(GLIBC_HOST))/.installed
HELP.libc := build the patched musl ($(B)/musl-x86_64) and install glibc's patched headers ($(B)/glibc-headers)

check-libc-headers: $(call glibc_root,$(GLIBC_HOST))/.installed $(MUSL_HOST_BUILT) \
		$(UAPI.$(KTREE))/x86/.installed
	$(call check,tests/host/libc/check-headers.sh $(call glibc_root,$(GLIBC_HOST))/usr/include \
		$(call musl_cc,x86_64) $(UAPI.$(KTREE))/x86/include)
HELP.check-libc-headers := the patched glibc and musl headers: values, include orders, namespaces

check-libc-arch: $(foreach a,$(UAPI_ARCHES),$(UAPI.$(KTREE))/$(a)/.installed) $(LIBC_OBJ)/musl-arch/.installed \
		$(foreach t,$(GLIBC_TRIPLETS),$(call glibc_root,$(t))/.installed) | $(call needs,glibc)
	$(call check,tests/host/libc/check-arch.sh $(UAPI.$(KTREE)) $(LIBC_OBJ)/musl-arch \
		$(foreach t,$(GLIBC_TRIPLETS),$(t)=$(call glibc_root,$(t))))
HELP.check-libc-arch := each libc against linux-$(KTREE)'s uapi on every architecture, and the mmap bit budget

check-libc: check-libc-headers check-libc-arch
HELP.check-libc := check-libc-headers and check-libc-arch
HOST_CHECKS += check-libc-headers check-libc-arch
