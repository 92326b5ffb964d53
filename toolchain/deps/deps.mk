# SPDX-License-Identifier: MIT
# The Debian packages of the build, in one table of sets (PKG.SET): a rule
# takes $(call needs,SET) as an order-only prerequisite, so a target installs
# only what it uses (`make run` does not wait for glibc or cross compilers).
# The sets are read when a rule runs: a later fragment may name its own.
#
# Nothing here runs a program that a set installs: make reads these files
# before anything is installed.
#
# Uses:     the architecture tables (QEMU_PACKAGE_A, TRIPLET_A, KCROSS_A, DEB_ARCH_A),
#           ARCHES, XARCH, KVER
# Provides: needs, cross_packages, GLIBC_HOST, NATIVE, SUITE_PIN.PACKAGE, DEB_PIN.PACKAGE, kdeb, fetched, pin_version;
#           target deps

# The build machine's GNU triplet (its own gcc's), from its Debian
# architecture: dpkg is in every Debian root, gcc not yet.
BUILD_DEB  := $(shell dpkg --print-architecture)
GLIBC_HOST := $(or $(firstword $(foreach a,$(ARCHES),$(if $(filter $(BUILD_DEB),$(DEB_ARCH_$(a))),$(TRIPLET_$(a))))), \
	$(error the build machine is Debian $(BUILD_DEB), which no table of toolchain/arch/ names as its DEB_ARCH))
# Non-empty when XARCH is the build machine's own architecture: its gcc,
# musl-gcc and busybox serve the guest, no cross compiler.
NATIVE     := $(filter $(GLIBC_HOST),$(TRIPLET_$(XARCH)))

# The cross compilers of the build (glibc's headers and the header matrix
# for other architectures, guest programs): triplet -> Debian packages.
CROSS.aarch64-linux-gnu       := gcc-aarch64-linux-gnu libc6-dev-arm64-cross
CROSS.mips64el-linux-gnuabi64 := gcc-mips64el-linux-gnuabi64 libc6-dev-mips64el-cross
CROSS.hppa-linux-gnu          := gcc-hppa-linux-gnu libc6-dev-hppa-cross
CROSS.alpha-linux-gnu         := gcc-alpha-linux-gnu libc6.1-dev-alpha-cross
CROSS.i686-linux-gnu          := gcc-i686-linux-gnu libc6-dev-i386-cross
CROSS.arm-linux-gnueabihf     := gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
CROSS.s390x-linux-gnu         := gcc-s390x-linux-gnu libc6-dev-s390x-cross
CROSS.riscv64-linux-gnu       := gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
CROSS.powerpc64le-linux-gnu   := gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross
CROSS.sh4-linux-gnu           := gcc-sh4-linux-gnu libc6-dev-sh4-cross
# A triplet whose compiler Debian 12 lacks or has broken (gcc 12 for sh4
# drops T-bit tests: doc/architectures.md) has it from a later suite, in a
# root of its own under build/cross/TRIPLET (suite-root.sh); its bin/ goes
# first in PATH, so TRIPLET-gcc is that suite's wherever the build calls it
# (cross_packages leaves such a triplet to that root).
CROSS_SUITE.sh4-linux-gnu     := trixie
cross_packages = $(foreach t,$(filter-out $(GLIBC_HOST),$(1)),$(if $(CROSS_SUITE.$(t)),,\
	$(or $(CROSS.$(t)),$(error no Debian cross compiler for $(t) in toolchain/deps/deps.mk))))

# What the build takes from a later Debian suite than the machine's
# (suite-fetch.sh): PACKAGE := SUITE VERSION, at exactly that version; when
# the suite has moved on, the fetch says what it serves. The binary packages
# are unpacked; of a source package (SUITE_ORIG) only its upstream tarball
# is fetched. `make check-upstream` says when a newer one appears.
SUITE_PIN.linux-source-7.3 := experimental 7.3~rc7-1~exp1
SUITE_PIN.linux-source-7.2 := sid 7.2.13-1
SUITE_PIN.glibc-source     := experimental 2.44-3
SUITE_PIN.musl             := sid 1.2.6-2
SUITE_ORIG                 := musl
pin_suite   = $(word 1,$(SUITE_PIN.$(1)))
pin_version = $(word 2,$(SUITE_PIN.$(1)))
# $(call fetched,PACKAGE): its files, under build/fetched/PACKAGE/.
fetched = $(B)/fetched/$(1)
$(B)/fetched/%/.fetched:
	$(call say,deps,fetching $(if $(filter $*,$(SUITE_ORIG)),the upstream tarball of )$* $(call pin_version,$*) from Debian $(call pin_suite,$*))
	$(Q)toolchain/lib/quiet.sh $(B)/fetched/$*.log toolchain/deps/suite-fetch.sh $(call pin_suite,$*) \
		$(if $(filter $*,$(SUITE_ORIG)),--orig) $* $(call pin_version,$*) $(@D)
	$(Q)touch $@

# ccache: every compiler runs through it (the Makefile's CCACHE_DIR).
PKG.base     := make gcc libc6-dev patch xz-utils perl ccache
# headers_install copies with rsync.
PKG.kernel   := flex bison bc libelf-dev rsync
# checkpatch.pl's SPDX check (scripts/spdxcheck.py) imports these.
PKG.checkpatch := python3 python3-ply python3-git
# Debian 12's kernel sources, at exactly these versions: a security update
# of linux-source-6.12 changes what is tested only when this line does.
DEB_PIN.linux-source-6.12 := 6.12.118-1~deb12u1
DEB_PIN.linux-source-6.1  := 6.1.192-3
$(foreach v,$(sort $(KVERS) $(KVER)),$(eval PKG.kernel-$(v) := $$(PKG.kernel) \
	$$(if $$(SUITE_PIN.linux-source-$(v)),,linux-source-$(v)=$$(DEB_PIN.linux-source-$(v)))))
# $(call kdeb,VERSION): the Debian version of linux-source-VERSION the build takes.
kdeb = $(or $(call pin_version,linux-source-$(1)),$(DEB_PIN.linux-source-$(1)),$(error no pin of linux-source-$(1) in toolchain/deps/deps.mk))
# The guest kernel's compiler alone, so that its configure and build wait
# for nothing else.
PKG.kcc      := $(call cross_packages,$(KCROSS_$(XARCH):%-=%))
# The guest programs' compilers (musl's, and glibc's for the glibc flavour
# and the kernel's selftests).
PKG.cc       := $(call cross_packages,$(TRIPLET_$(XARCH))) musl-tools
# The guest: QEMU, the root file system's tools, bc for boot.sh's seconds.
PKG.arch     := $(QEMU_PACKAGE_$(XARCH)) busybox-static cpio file bc
PKG.musl     := dpkg-dev
PKG.suite-root := debootstrap
PKG.license  := reuse git
PKG.glibc    = glibc-source gawk bison python3 $(call cross_packages,$(GLIBC_TRIPLETS))
PKG.compat   = g++ clang libclang-rt-14-dev musl-tools pkg-config man-db file \
		$(call cross_packages,$(COMPAT_TRIPLETS))

# deps-SET checks its set on every run (one dpkg-query, a tenth of a second),
# installs what is missing, and never makes its dependents out of date.
needs = deps-$(1)
deps-%:
	$(Q)toolchain/deps/deps.sh $(sort $(PKG.base) $(PKG.$*))

# The root of a triplet with CROSS_SUITE (after needs: a prerequisite list
# is expanded as make reads it).
cross_root = $(B)/cross/$(1)
$(B)/cross/%/.made: | $(call needs,suite-root)
	$(call say,deps,making a Debian $(CROSS_SUITE.$*) root for $(CROSS.$*) (debootstrap, a minute or two))
	$(Q)toolchain/lib/quiet.sh $(@D).log toolchain/deps/suite-root.sh $(CROSS_SUITE.$*) $* $(@D) $(CROSS.$*)
	$(Q)touch $@
XARCH_CROSS_ROOT := $(if $(CROSS_SUITE.$(TRIPLET_$(XARCH))),$(call cross_root,$(TRIPLET_$(XARCH))))
ifneq ($(XARCH_CROSS_ROOT),)
export PATH := $(abspath $(XARCH_CROSS_ROOT))/bin:$(PATH)
deps-kcc deps-cc: $(XARCH_CROSS_ROOT)/.made
endif

deps: $(foreach s,$(patsubst PKG.%,%,$(filter PKG.%,$(.VARIABLES))),deps-$(s))
HELP.deps := install every Debian package the build and the checks use
