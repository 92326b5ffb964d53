# SPDX-License-Identifier: MIT
# The Debian stage: our series carried as Debian carries patches, and our
# own packages, built and checked as a distribution maintainer would.
#
#   musl source package ──libc-patches/musl/1.2.3 appended to debian/patches (DEP-3)──►
#       dpkg-buildpackage -b ─► build/debian/musl/patched/*.deb   (stock/: the same, without the series)
#   glibc source package ──libc-patches/glibc/2.36 on top of Debian's stack, quilt push -a──►
#       configure, make install-headers ─► build/debian/glibc/patched/root   (stock/: Debian's stack alone)
#   this repository + packaging/debian ─dpkg-buildpackage -b─► build/debian/hugesize/*.deb
#
# The source packages are the ones this machine's musl-dev and libc6 come
# from, at their versions, fetched through the private apt source
# (toolchain/deps/apt-private.sh). A full glibc package build takes hours
# on two cores: the glibc series is carried as far as its installed headers.
# check-debs holds all of it to the size table (tests/host/debian/).
#
# Uses:     needs, GLIBC_HOST, GLIBC.R, MUSL.R, say, check
# Provides: targets debs, check-debs

DEB          := $(B)/debian
DEB_APT      := $(B)/apt/debian
# The local version of our libc packages: Debian's version + this.
DEB_SUFFIX   := +hugesize1
# DEP-3 Forwarded: of our patches in the libc packages.
DEB_FORWARDED ?= no
VARHELP.DEB_FORWARDED := the DEP-3 Forwarded: field of our patches in Debian's musl and glibc (no; a URL once mailed)
DEB_MUSL_SERIES  ?= libc-patches/musl/$(MUSL.debian12)/series
DEB_GLIBC_SERIES ?= libc-patches/glibc/$(GLIBC.debian12)/series
VARHELP.DEB_MUSL_SERIES  := the musl series `debs` and check-debs put into Debian 12's musl ($(DEB_MUSL_SERIES))
VARHELP.DEB_GLIBC_SERIES := the glibc series `debs` and check-debs put into Debian 12's glibc ($(DEB_GLIBC_SERIES))
# The stamps of the patched builds are named after their inputs: the files
# of the series' folder and DEB_FORWARDED; another series is another build.
deb_key = $(shell { cat $(sort $(wildcard $(dir $(1))*)); echo '$(DEB_FORWARDED)'; } | sha1sum | cut -c1-12)
DEB_MUSL_BUILT   := $(DEB)/musl/patched/.built-$(call deb_key,$(DEB_MUSL_SERIES))
DEB_GLIBC_BUILT  := $(DEB)/glibc/patched/.installed-$(call deb_key,$(DEB_GLIBC_SERIES))
DEB_TOOLS := toolchain/debian/libc-deb.sh toolchain/debian/quilt-stack.sh toolchain/debian/dep3.sh

PKG.debian := build-essential dpkg-dev debhelper fakeroot quilt lintian pkg-config gawk bison python3 git

# The source package a binary package comes from, at the machine's version:
# $(DEB)/src/NAME/dsc names its .dsc.
$(DEB)/src/musl/dsc:  DEB_BINARY := musl-dev
$(DEB)/src/glibc/dsc: DEB_BINARY := libc6
$(DEB)/src/%/dsc: toolchain/debian/deb-source.sh | $(call needs,debian)
	$(call say,debian,fetching the $* source package (apt-get source, the version of $(DEB_BINARY)))
	$(Q)toolchain/lib/quiet.sh $(DEB)/log/$*-source.log toolchain/debian/deb-source.sh \
		$(DEB_BINARY) $(DEB_APT) $(@D)

# musl, with the series (patched) and without it (stock: lintian's baseline
# and the package the value check must fail on).
$(DEB_MUSL_BUILT):         DEB_SERIES := $(DEB_MUSL_SERIES)
$(DEB_MUSL_BUILT):         $(wildcard $(dir $(DEB_MUSL_SERIES))*)
$(DEB)/musl/stock/.built:   DEB_SERIES := none
$(DEB)/musl/%: $(DEB)/src/musl/dsc $(DEB_TOOLS) | $(call needs,debian)
	$(call say,debian,building the Debian musl package ($(*D)) with dpkg-buildpackage -b: a minute or two)
	$(Q)toolchain/lib/quiet.sh $(DEB)/log/musl-$(*D).log toolchain/debian/libc-deb.sh \
		$$(cat $<) $(@D) $(DEB_FORWARDED) $(DEB_SUFFIX) $(DEB_SERIES) build
	$(Q)touch $@

# glibc: Debian's stack (and ours) with quilt, then the headers of the tree.
$(DEB_GLIBC_BUILT):              DEB_SERIES := $(DEB_GLIBC_SERIES)
$(DEB_GLIBC_BUILT):              $(wildcard $(dir $(DEB_GLIBC_SERIES))*)
$(DEB)/glibc/stock/.installed:   DEB_SERIES := none
$(DEB)/glibc/%: $(DEB)/src/glibc/dsc $(DEB_TOOLS) toolchain/libc/glibc-headers.sh | $(call needs,debian)
	$(call say,debian,the Debian glibc source ($(*D)): quilt push -a$(if $(filter patched,$(*D)), with $(DEB_GLIBC_SERIES)))
	$(Q)toolchain/lib/quiet.sh $(DEB)/log/glibc-$(*D).log toolchain/debian/libc-deb.sh \
		$$(cat $<) $(@D) $(DEB_FORWARDED) $(DEB_SUFFIX) $(DEB_SERIES)
	$(call say,debian,the Debian glibc source ($(*D)): configure and make install-headers)
	$(Q)toolchain/lib/quiet.sh $(DEB)/log/glibc-$(*D)-headers.log toolchain/libc/glibc-headers.sh \
		$$(dirname $(@D)/*/debian) $(@D)/obj $(@D)/root $(GLIBC_HOST)
	$(Q)touch $@

# hugesize-compat-dev and hugesize, from packaging/debian.
DEB_HUGESIZE_INPUTS := $(wildcard compat-header/* packaging/debian/* packaging/debian/*/*) \
	Makefile toolchain/compat/compat.mk toolchain/debian/hugesize-deb.sh
$(DEB)/hugesize/.built: $(DEB_HUGESIZE_INPUTS) | $(call needs,debian)
	$(call say,debian,building hugesize-compat-dev and hugesize with dpkg-buildpackage -b)
	$(Q)toolchain/lib/quiet.sh $(DEB)/log/hugesize.log toolchain/debian/hugesize-deb.sh packaging/debian $(@D)
	$(Q)touch $@

DEB_BUILT := $(DEB_MUSL_BUILT) $(DEB)/musl/stock/.built \
	$(DEB_GLIBC_BUILT) $(DEB)/glibc/stock/.installed $(DEB)/hugesize/.built
debs: $(DEB_BUILT)
HELP.debs := Debian's musl with our series (.debs), Debian's glibc stack with it (headers), hugesize's .debs: $(DEB)/

# Every input is a prerequisite, so the stage (lintian included) stands until one changes.
$(RESULTS)/check-debs.counts: $(DEB_BUILT) tests/host/debian/check-debs.sh tests/host/libc/expected.sh \
		tests/host/libc/macros.sh tests/lib/tap.sh tests/lib/huge_sizes.h | $(call needs,debian)
	$(call say,debian,checking the packages (DEP-3 stack, quilt, header values from scratch roots, lintian))
	$(call check,tests/host/debian/check-debs.sh $(DEB)/check $(DEB_FORWARDED) \
		$(DEB)/musl/patched $(DEB)/musl/stock $(DEB_MUSL_SERIES) \
		$(DEB)/glibc/patched $(DEB)/glibc/stock $(DEB_GLIBC_SERIES) $(DEB)/hugesize)
HELP.check-debs := the Debian packages of debs: DEP-3 stack, no fuzz, headers' values from scratch roots, lintian
HOST_CHECKS += check-debs

.PHONY: debs
