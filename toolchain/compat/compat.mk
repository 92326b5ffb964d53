# SPDX-License-Identifier: MIT
# The compat stage: hugesize-compat.h and the hugesize tool (compat-header/).
#
#   compat-header/ ─► build/compat/hugesize (host tool) ─► make install
#
# and the host tests of tests/host/compat: the header matrix (with the
# patched libcs and uapi of the stages before), the conflict rule, the
# helpers' contracts (pure, on a made-up sysfs, on this machine's), the
# tool's command line, the install, libFuzzer.
#
# Uses:     needs, GLIBC_HOST, glibc_root, musl_cc, KTREE, UAPI.T, check, counts, tally, say
# Provides: COMPAT_HDR, COMPAT_TOOL_SRC, COMPAT_TRIPLETS; targets compat, install, uninstall, check-compat*

# The cross compilers the header matrix (matrix.conf) builds with.
COMPAT_TRIPLETS := aarch64-linux-gnu mips64el-linux-gnuabi64 hppa-linux-gnu alpha-linux-gnu i686-linux-gnu

COMPAT         := $(B)/compat
COMPAT_T       := tests/host/compat
COMPAT_HDR     := compat-header/hugesize-compat.h
# The tool's sources; hugesize-probe.c is the guest tests' too (guest.mk).
COMPAT_TOOL_SRC := compat-header/hugesize.c compat-header/hugesize-probe.c
COMPAT_VERSION := $(shell sed -n 's/^\#define HUGESIZE_COMPAT_VERSION "\(.*\)"/\1/p' $(COMPAT_HDR))

# The tool as the guest builds it, less the musl: C11, static.
COMPAT_TOOL_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -Icompat-header
# The tests: C11 without feature macros (so the header must cope), sanitized.
COMPAT_TEST_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -Wundef -pedantic \
	-fsanitize=address,undefined -fno-sanitize-recover=all -Icompat-header -I$(COMPAT_T)
COMPAT_FUZZ_FLAGS  := -std=c11 -O1 -g -Wall -Wextra -Werror -D_GNU_SOURCE -Icompat-header \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# A short run in make check; CI gives it longer (.ci/run).
COMPAT_FUZZ_SECONDS ?= 5
VARHELP.COMPAT_FUZZ_SECONDS := seconds of libFuzzer in check-compat-fuzz (5; CI gives it 60)
# More include directories for the header matrix, NAME=INCLUDEDIR each:
# libcs, and kernel uapi headers alone: the patched glibc and musl of the
# libc stage and the patched uapi of the kernel stage, built first.
COMPAT_LIBCS     := glibc-patched=$(call glibc_root,$(GLIBC_HOST))/usr/include \
		    musl-patched=$(B)/musl-x86_64/include
COMPAT_UAPIS     := uapi-$(KTREE)=$(UAPI.$(KTREE))/x86/include
COMPAT_LIBC_DEPS := $(call glibc_root,$(GLIBC_HOST))/.installed $(MUSL_HOST_BUILT) \
		    $(UAPI.$(KTREE))/x86/.installed
export COMPAT_LIBCS COMPAT_UAPIS

# How the host tool links: static, as the guest's. A distribution's package
# gives its own flags instead (packaging/debian/rules: dpkg-buildflags).
COMPAT_TOOL_LDFLAGS ?= -static
VARHELP.COMPAT_TOOL_LDFLAGS := flags of the hugesize tool's compile and link (default -static; the .deb: Debian's build flags)

$(COMPAT)/hugesize: $(COMPAT_TOOL_SRC) compat-header/hugesize-probe.h $(COMPAT_HDR) | $(call needs,base)
	$(call say,compat,building the hugesize tool)
	$(Q)mkdir -p $(@D) && $(CC) $(COMPAT_TOOL_LDFLAGS) $(COMPAT_TOOL_CFLAGS) -o $@ $(COMPAT_TOOL_SRC)

$(COMPAT)/hugesize-musl: $(COMPAT_TOOL_SRC) compat-header/hugesize-probe.h $(COMPAT_HDR) | $(call needs,compat)
	$(call say,compat,building the hugesize tool with musl-gcc)
	$(Q)$(COMPAT_T)/uapi.sh $(COMPAT)/uapi
	$(Q)musl-gcc -static $(COMPAT_TOOL_CFLAGS) -isystem $(COMPAT)/uapi -o $@ $(COMPAT_TOOL_SRC)

# The tool reading a made-up sysfs and meminfo, for tool.sh's pool and list cases.
COMPAT_FAKE_TOOL := $(abspath $(COMPAT))/fake-tool
$(COMPAT)/hugesize-fake: $(COMPAT_TOOL_SRC) compat-header/hugesize-probe.h $(COMPAT_HDR) | $(call needs,base)
	$(call say,compat,building the hugesize tool on a made-up sysfs)
	$(Q)mkdir -p $(@D) && $(CC) $(COMPAT_TOOL_CFLAGS) -DHUGESIZE_SYSFS_DIR='"$(COMPAT_FAKE_TOOL)/hugepages"' \
		-DHUGESIZE_MEMINFO='"$(COMPAT_FAKE_TOOL)/meminfo"' -DHUGESIZE_NODE_DIR='"$(COMPAT_FAKE_TOOL)/node"' -o $@ $(COMPAT_TOOL_SRC)

$(COMPAT)/test-fake: COMPAT_TEST_DEFS := -DFAKE_ROOT='"$(abspath $(COMPAT))/fake"'
$(COMPAT)/test-map: COMPAT_TEST_DEFS := -DFAKE_ROOT='"$(abspath $(COMPAT))/fake-map"'
$(COMPAT)/test-%: $(COMPAT_T)/%.c $(COMPAT_T)/tap.h $(COMPAT_T)/expected.h tests/lib/huge_sizes.h \
		   $(COMPAT_HDR) | $(call needs,compat)
	$(call say,compat,building the $* test)
	$(Q)mkdir -p $(@D) && $(CC) $(COMPAT_TEST_CFLAGS) $(COMPAT_TEST_DEFS) -o $@ $<

$(COMPAT)/fuzz: $(COMPAT_T)/fuzz.c $(COMPAT_HDR) | $(call needs,compat)
	$(call say,compat,building the libFuzzer target)
	$(Q)mkdir -p $(@D) && clang $(COMPAT_FUZZ_FLAGS) -o $@ $<

compat: $(COMPAT)/hugesize
HELP.compat := build the hugesize tool ($(COMPAT)/hugesize)

# One stage per kind of test; each prints TAP. A stage stands while its
# programs and tests/host/compat/ stay the same; the live helpers (this
# machine's /proc and /sys), the install (the build's own make files) and
# libFuzzer (a new search each time) run every time.
COMPAT_TESTS := $(wildcard $(COMPAT_T)/*) tests/lib/tap.sh tests/lib/huge_sizes.h
$(RESULTS)/check-compat-matrix.counts: $(COMPAT_TESTS) $(COMPAT_HDR) $(COMPAT_LIBC_DEPS) | $(call needs,compat)
	$(call say,compat,header matrix: compilers x standards x libcs x include orders)
	$(call check,$(COMPAT_T)/matrix.sh $(COMPAT)/matrix)
HELP.check-compat-matrix := hugesize-compat.h with every compiler, standard, libc and include order

$(RESULTS)/check-compat-conflict.counts: $(COMPAT_TESTS) $(COMPAT_HDR) | $(call needs,compat)
	$(call check,$(COMPAT_T)/conflict.sh)
HELP.check-compat-conflict := the header's rule for a constant the libc already defines

$(RESULTS)/check-compat-helpers.counts: $(COMPAT)/test-helpers
	$(call check,$<)
HELP.check-compat-helpers := the contracts of the helpers, pure functions

$(RESULTS)/check-compat-live.counts: $(COMPAT)/test-live FORCE
	$(call check,$<)
HELP.check-compat-live := the helpers on the /proc and /sys of this machine

$(RESULTS)/check-compat-fake.counts: $(COMPAT)/test-fake
	$(call check,rm -rf $(COMPAT)/fake && mkdir -p $(COMPAT)/fake && $<)
HELP.check-compat-fake := the helpers on a made-up sysfs and meminfo

$(RESULTS)/check-compat-map.counts: $(COMPAT)/test-map
	$(call check,rm -rf $(COMPAT)/fake-map && $<)
HELP.check-compat-map := hugesize_map's fallback order, rounding and errors on a made-up kernel

$(RESULTS)/check-compat-sizes.counts: $(COMPAT_TESTS) $(COMPAT_HDR) compat-header/hugesize-compat.7 | $(call needs,base)
	$(call check,$(COMPAT_T)/size-lists.sh)
HELP.check-compat-sizes := the header's HUGESIZE_NAMED_SIZES, its comment and its man page list the sizes of the table

COMPAT_TOOLS := $(COMPAT)/hugesize $(COMPAT)/hugesize-musl $(COMPAT)/hugesize-fake
$(RESULTS)/check-compat-tool.counts: $(COMPAT_TOOLS) $(COMPAT_TESTS)
	$(call check,$(COMPAT_T)/tool.sh $(COMPAT_TOOLS) $(COMPAT_FAKE_TOOL))
HELP.check-compat-tool := the hugesize command line

$(RESULTS)/check-compat-install.counts: $(COMPAT)/hugesize FORCE | $(call needs,compat)
	$(call check,$(COMPAT_T)/install.sh $(COMPAT)/destdir)
HELP.check-compat-install := make install and uninstall into a DESTDIR, used as a user would

$(RESULTS)/check-compat-fuzz.counts: $(COMPAT)/fuzz FORCE
	$(call say,compat,libFuzzer for $(COMPAT_FUZZ_SECONDS) s)
	$(call check,$(COMPAT_T)/fuzz.sh $< $(COMPAT)/fuzzing $(COMPAT_FUZZ_SECONDS))
HELP.check-compat-fuzz := libFuzzer on the parser and the scanners for COMPAT_FUZZ_SECONDS (default 5)

COMPAT_CHECKS := check-compat-matrix check-compat-conflict check-compat-helpers check-compat-live \
		 check-compat-fake check-compat-map check-compat-sizes check-compat-tool check-compat-install check-compat-fuzz
HOST_CHECKS   += $(COMPAT_CHECKS)
check-compat: $(call counts,$(COMPAT_CHECKS))
	$(tally)
HELP.check-compat := only the host tests of hugesize-compat.h and the hugesize tool; one tally

PREFIX ?= /usr/local
VARHELP.PREFIX  := where install puts the header, pkg-config file, man pages and tool (/usr/local)
VARHELP.DESTDIR := a staging root for install and uninstall
COMPAT_FILES := include/hugesize-compat.h share/pkgconfig/hugesize-compat.pc \
	share/man/man7/hugesize-compat.7 share/man/man1/hugesize.1 bin/hugesize
COMPAT_DEST  := $(DESTDIR)$(PREFIX)

HELP.install := install the header, pkg-config file, man pages and tool (PREFIX, DESTDIR)
install: $(COMPAT)/hugesize
	$(call say,install,hugesize-compat.h and hugesize into $(COMPAT_DEST))
	$(Q)install -D -m 0644 $(COMPAT_HDR) $(COMPAT_DEST)/include/hugesize-compat.h
	$(Q)install -d $(COMPAT_DEST)/share/pkgconfig
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(COMPAT_VERSION)|' \
		compat-header/hugesize-compat.pc.in >$(COMPAT_DEST)/share/pkgconfig/hugesize-compat.pc
	$(Q)install -D -m 0644 compat-header/hugesize-compat.7 $(COMPAT_DEST)/share/man/man7/hugesize-compat.7
	$(Q)install -D -m 0644 compat-header/hugesize.1 $(COMPAT_DEST)/share/man/man1/hugesize.1
	$(Q)install -D -m 0755 $(COMPAT)/hugesize $(COMPAT_DEST)/bin/hugesize

HELP.uninstall := remove what install put there (same PREFIX, DESTDIR)
uninstall:
	$(call say,install,removing hugesize-compat.h and hugesize from $(COMPAT_DEST))
	$(Q)rm -f $(addprefix $(COMPAT_DEST)/,$(COMPAT_FILES))

.PHONY: compat check-compat install uninstall
