# hugesize-compat.h and the hugesize tool (compat-header/): the host tool,
# make install/uninstall, and the host tests of tests/host/compat: the header
# matrix, the conflict rule, the helpers' contracts (pure, on a made-up
# sysfs, on this machine's), the tool's command line, the install, libFuzzer.

PACKAGES += g++ clang libclang-rt-14-dev musl-tools pkg-config man-db file \
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
	gcc-mips64el-linux-gnuabi64 libc6-dev-mips64el-cross \
	gcc-hppa-linux-gnu libc6-dev-hppa-cross \
	gcc-alpha-linux-gnu libc6.1-dev-alpha-cross \
	gcc-i686-linux-gnu libc6-dev-i386-cross

COMPAT         := $(B)/compat
COMPAT_T       := tests/host/compat
COMPAT_HDR     := compat-header/hugesize-compat.h
COMPAT_VERSION := $(shell sed -n 's/^\#define HUGESIZE_COMPAT_VERSION "\(.*\)"/\1/p' $(COMPAT_HDR))

# The tool as the guest builds it, less the musl: C11, static.
COMPAT_TOOL_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -Icompat-header
# The tests: C11 without feature macros (so the header must cope), sanitized.
COMPAT_TEST_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -Wundef -pedantic \
	-fsanitize=address,undefined -fno-sanitize-recover=all -Icompat-header -I$(COMPAT_T)
COMPAT_FUZZ_FLAGS  := -std=c11 -O1 -g -Wall -Wextra -Werror -D_GNU_SOURCE -Icompat-header \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
COMPAT_FUZZ_SECONDS ?= 20
# More include directories for the header matrix, NAME=INCLUDEDIR each:
# libcs, and kernel uapi headers alone. By default the patched glibc and
# musl of the libc stage and the patched uapi of the kernel stage, built
# first (COMPAT_LIBC_DEPS); set all three empty for the stock matrix only.
COMPAT_LIBCS     ?= $(if $(GLIBC_DEP),glibc-patched=$(GLIBC_HEADERS)) \
		    $(if $(MUSL_DEP),musl-patched=$(MUSL_PREFIX)/include)
COMPAT_UAPIS     ?= $(if $(SYSROOT),uapi-$(KFLAVOUR)=$(SYSROOT)/usr/include)
COMPAT_LIBC_DEPS ?= $(GLIBC_DEP) $(MUSL_DEP) $(if $(SYSROOT),$(SYSROOT)/.installed)
export COMPAT_LIBCS COMPAT_UAPIS

$(COMPAT)/hugesize: compat-header/hugesize.c $(COMPAT_HDR)
	$(call say,compat,building the hugesize tool)
	$(Q)mkdir -p $(@D) && $(CC) -static $(COMPAT_TOOL_CFLAGS) -o $@ $<

$(COMPAT)/hugesize-musl: compat-header/hugesize.c $(COMPAT_HDR) | $(DEPS)
	$(call say,compat,building the hugesize tool with musl-gcc)
	$(Q)$(COMPAT_T)/uapi.sh $(COMPAT)/uapi
	$(Q)musl-gcc -static $(COMPAT_TOOL_CFLAGS) -isystem $(COMPAT)/uapi -o $@ $<

$(COMPAT)/test-fake: COMPAT_TEST_DEFS := -DFAKE_ROOT='"$(abspath $(COMPAT))/fake"'
$(COMPAT)/test-%: $(COMPAT_T)/%.c $(COMPAT_T)/tap.h $(COMPAT_T)/expected.h tests/lib/huge_sizes.h \
		   $(COMPAT_HDR) | $(DEPS)
	$(call say,compat,building the $* test)
	$(Q)mkdir -p $(@D) && $(CC) $(COMPAT_TEST_CFLAGS) $(COMPAT_TEST_DEFS) -o $@ $<

$(COMPAT)/fuzz: $(COMPAT_T)/fuzz.c $(COMPAT_HDR) | $(DEPS)
	$(call say,compat,building the libFuzzer target)
	$(Q)mkdir -p $(@D) && clang $(COMPAT_FUZZ_FLAGS) -o $@ $<

ALL += $(COMPAT)/hugesize

# One stage per kind of test; each prints TAP and counts it.
COMPAT_CHECKS := check-compat-matrix check-compat-conflict check-compat-helpers \
	check-compat-fake check-compat-live check-compat-tool check-compat-install \
	check-compat-fuzz
HOST_CHECKS += $(COMPAT_CHECKS)
tap_count = toolchain/tap-count.sh $@

# Second expansion: the libc stage that defines these is included after us.
.SECONDEXPANSION:
check-compat-matrix: $$(COMPAT_LIBC_DEPS) | $(DEPS)
	$(call say,compat,header matrix: compilers x standards x libcs x include orders)
	$(Q)$(COMPAT_T)/matrix.sh $(COMPAT)/matrix | $(tap_count)

check-compat-conflict: | $(DEPS)
	$(call say,compat,the conflict rule for each constant)
	$(Q)$(COMPAT_T)/conflict.sh | $(tap_count)

check-compat-helpers: $(COMPAT)/test-helpers
	$(call say,compat,the contracts of the helpers)
	$(Q)$< | $(tap_count)

check-compat-live: $(COMPAT)/test-live
	$(call say,compat,the helpers on the /proc and /sys of this machine)
	$(Q)$< | $(tap_count)

check-compat-fake: $(COMPAT)/test-fake
	$(call say,compat,the helpers on a made-up sysfs and meminfo)
	$(Q)rm -rf $(COMPAT)/fake && mkdir -p $(COMPAT)/fake && $< | $(tap_count)

check-compat-tool: $(COMPAT)/hugesize $(COMPAT)/hugesize-musl
	$(call say,compat,the hugesize command line)
	$(Q)$(COMPAT_T)/tool.sh $^ | $(tap_count)

check-compat-install: $(COMPAT)/hugesize | $(DEPS)
	$(call say,compat,make install and uninstall into a DESTDIR)
	$(Q)$(COMPAT_T)/install.sh "$(MAKE)" $(COMPAT)/destdir | $(tap_count)

check-compat-fuzz: $(COMPAT)/fuzz
	$(call say,compat,libFuzzer for $(COMPAT_FUZZ_SECONDS) s)
	$(Q)$(COMPAT_T)/fuzz.sh $< $(COMPAT)/fuzzing $(COMPAT_FUZZ_SECONDS) | $(tap_count)

# All of them alone, tallied like make check.
check-compat:
	$(Q)$(call run_checks,$(COMPAT_CHECKS))

COMPAT_FILES := include/hugesize-compat.h share/pkgconfig/hugesize-compat.pc \
	share/man/man7/hugesize-compat.7 share/man/man1/hugesize.1 bin/hugesize
COMPAT_DEST  := $(DESTDIR)$(PREFIX)

install: $(COMPAT)/hugesize
	$(call say,install,hugesize-compat.h and hugesize into $(COMPAT_DEST))
	$(Q)install -D -m 0644 $(COMPAT_HDR) $(COMPAT_DEST)/include/hugesize-compat.h
	$(Q)install -d $(COMPAT_DEST)/share/pkgconfig
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(COMPAT_VERSION)|' \
		compat-header/hugesize-compat.pc.in >$(COMPAT_DEST)/share/pkgconfig/hugesize-compat.pc
	$(Q)install -D -m 0644 compat-header/hugesize-compat.7 $(COMPAT_DEST)/share/man/man7/hugesize-compat.7
	$(Q)install -D -m 0644 compat-header/hugesize.1 $(COMPAT_DEST)/share/man/man1/hugesize.1
	$(Q)install -D -m 0755 $(COMPAT)/hugesize $(COMPAT_DEST)/bin/hugesize

uninstall:
	$(call say,install,removing hugesize-compat.h and hugesize from $(COMPAT_DEST))
	$(Q)rm -f $(addprefix $(COMPAT_DEST)/,$(COMPAT_FILES))

HELP += "install    install the header, pkg-config file, man pages and tool (PREFIX, DESTDIR)"
HELP += "uninstall  remove what install put there (same PREFIX, DESTDIR)"
HELP += "check-compat  only the host tests of hugesize-compat.h and the hugesize tool"
HELP += "           (COMPAT_LIBCS=\"name=includedir ...\": the libcs the header matrix adds)"

.PHONY: check-compat install uninstall $(COMPAT_CHECKS)
