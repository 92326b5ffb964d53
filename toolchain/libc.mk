# The libc stage: Debian's musl 1.2.3 and glibc 2.36 with libc-patches/
# applied. The patched musl (static libc.a, headers, musl-gcc) is what the
# guest suite links against; glibc is configured only to install its headers
# into staging sysroots, for the build machine and for the cross targets of
# the per-architecture check.

GLIBC_CROSS := aarch64-linux-gnu mips64el-linux-gnuabi64 hppa-linux-gnu alpha-linux-gnu
PACKAGES += glibc-source dpkg-dev gawk bison python3 rsync \
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
	gcc-mips64el-linux-gnuabi64 libc6-dev-mips64el-cross \
	gcc-hppa-linux-gnu libc6-dev-hppa-cross \
	gcc-alpha-linux-gnu libc6.1-dev-alpha-cross

LIBC_OBJ   := $(B)/obj/libc
MUSL_SRC   := $(B)/src/musl-1.2.3
GLIBC_SRC  := $(B)/src/glibc-2.36
GLIBC_TAR  := /usr/src/glibc/glibc-2.36.tar.xz
GLIBC_HOST := $(shell gcc -dumpmachine)

# The quilt series and the patches it names; a stamp named after their hash
# sits in the tree's .hugesize/, which apply-series.sh renews on every change.
libc_series = $(1)/series $(addprefix $(1)/,$(shell sed 's/#.*//' $(1)/series 2>/dev/null))
MUSL_STAMP  := $(MUSL_SRC)/.hugesize/applied.$(call hash,$(call libc_series,libc-patches/musl))
GLIBC_STAMP := $(GLIBC_SRC)/.hugesize/applied.$(call hash,$(call libc_series,libc-patches/glibc))

# For the guest suite and the pipeline: the patched musl of the guest's
# architecture (ARCH_MUSL); build/musl for x86_64, build/musl-ARCH otherwise.
MUSL_NAME     := musl$(if $(filter x86_64,$(ARCH_MUSL)),,-$(ARCH_MUSL))
MUSL_PREFIX   := $(B)/$(MUSL_NAME)
MUSL_CC       := $(MUSL_PREFIX)/bin/musl-gcc
MUSL_DEP      := $(MUSL_PREFIX)/.built
GLIBC_HEADERS := $(B)/glibc-headers/usr/include
GLIBC_DEP     := $(B)/glibc-headers/.installed

# $(call libc_tree,STAMP,NAME,SRC,SERIES-DIR,COMMAND creating SRC): unpack
# the Debian source once, then make the tree follow the series.
define libc_tree
$(1): $(call libc_series,$(4)) | $(DEPS)
	$(Q)[ -d $(3) ] || { printf '  %-8s %s\n' '[$(2)]' 'unpacking the Debian source into $(3)'; $(5); }
	$$(call say,$(2),applying $(4)/series)
	$(Q)toolchain/apply-series.sh $(3) $(4)/series
	$(Q)touch $$@
endef
$(eval $(call libc_tree,$(MUSL_STAMP),musl,$(MUSL_SRC),libc-patches/musl,\
	toolchain/quiet.sh $(LIBC_OBJ)/musl-source.log toolchain/musl-source.sh $(MUSL_SRC) $(B)/apt))
$(eval $(call libc_tree,$(GLIBC_STAMP),glibc,$(GLIBC_SRC),libc-patches/glibc,\
	toolchain/unpack.sh $(GLIBC_TAR) $(GLIBC_SRC)))

$(MUSL_DEP): $(MUSL_STAMP)
	$(call say,musl,building the patched musl into $(MUSL_PREFIX))
	$(Q)toolchain/quiet.sh $(LIBC_OBJ)/$(MUSL_NAME)-build.log \
		toolchain/musl-build.sh $(MUSL_SRC) $(LIBC_OBJ)/$(MUSL_NAME) $(MUSL_PREFIX) \
		$(if $(filter x86_64,$(ARCH_MUSL)),,$(ARCH_TRIPLET))
	$(Q)touch $@

# glibc's headers for one target, a canned recipe: $(call glibc_headers,TRIPLET,ROOT)
define glibc_headers
$(call say,glibc,installing the patched headers for $(1))
$(Q)toolchain/quiet.sh $(LIBC_OBJ)/glibc-$(1).log \
	toolchain/glibc-headers.sh $(GLIBC_SRC) $(LIBC_OBJ)/glibc-$(1) $(2) $(1)
endef
$(GLIBC_DEP): $(GLIBC_STAMP)
	$(call glibc_headers,$(GLIBC_HOST),$(@D))
	$(Q)touch $@
$(LIBC_OBJ)/glibc-headers-%/.installed: $(GLIBC_STAMP)
	$(call glibc_headers,$*,$(@D))
	$(Q)touch $@
glibc_root = $(if $(filter $(GLIBC_HOST),$(1)),$(B)/glibc-headers,$(LIBC_OBJ)/glibc-headers-$(1))

# The per-architecture check: musl's headers for all its architectures, the
# kernel's uapi for all of its own.
LIBC_UAPI := $(LIBC_OBJ)/uapi-$(KFLAVOUR)
$(LIBC_UAPI)/.installed: $(KSRC_STAMP)
	$(call say,libc,installing the uapi headers of every architecture of linux-$(KFLAVOUR))
	$(Q)toolchain/quiet.sh $(LIBC_OBJ)/uapi.log tests/host/libc/uapi.sh $(KSRC) $(LIBC_UAPI)
	$(Q)touch $@
$(LIBC_OBJ)/musl-arch/.installed: $(MUSL_STAMP)
	$(call say,musl,installing the patched headers of every musl architecture)
	$(Q)toolchain/quiet.sh $(LIBC_OBJ)/musl-arch.log toolchain/musl-headers.sh $(MUSL_SRC) $(@D)
	$(Q)touch $@

check-libc-headers: $(GLIBC_DEP) $(MUSL_DEP) $(SYSROOT)/.installed
	$(call say,libc,checking the patched glibc and musl headers)
	$(Q)tests/host/libc/check-headers.sh $(GLIBC_HEADERS) $(MUSL_CC) $(SYSROOT)/usr/include | \
		toolchain/tap-count.sh $@

LIBC_ARCH_GLIBC := $(GLIBC_HOST) $(GLIBC_CROSS)
check-libc-arch: $(LIBC_UAPI)/.installed $(LIBC_OBJ)/musl-arch/.installed \
		$(foreach t,$(LIBC_ARCH_GLIBC),$(call glibc_root,$(t))/.installed)
	$(call say,libc,comparing the libc headers with linux-$(KFLAVOUR) on every architecture)
	$(Q)tests/host/libc/check-arch.sh $(LIBC_UAPI) $(LIBC_OBJ)/musl-arch \
		$(foreach t,$(LIBC_ARCH_GLIBC),$(t)=$(call glibc_root,$(t))) | toolchain/tap-count.sh $@

libc: $(MUSL_DEP) $(GLIBC_DEP)
check-libc: check-libc-headers check-libc-arch
ALL         += libc
HOST_CHECKS += check-libc-headers check-libc-arch
HELP += "libc       build the patched musl ($(MUSL_PREFIX)) and glibc's patched headers ($(GLIBC_HEADERS))"
HELP += "check-libc check-libc-headers (values, include order, namespaces of both libcs) and"
HELP += "           check-libc-arch (each libc against the kernel uapi per architecture, mmap bit budget)"
.PHONY: libc check-libc
