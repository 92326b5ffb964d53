# SPDX-License-Identifier: MIT
# The outgoing stage: each mainline series, as its submitter mails it.
#
#   kernel/KVER/**, libc-patches/{glibc/2.44,musl/1.2.6}/** + the submitter
#     ─► build/outgoing/NAME/*.patch, with To: and Cc:, ready for git send-email
#
# A mail series is a folder with a 0000-cover-letter.patch (series.sh --mail).
# Only mainline series are written: the kernel/6.x backports and the Debian
# 12 libc series are carries for distributions (kernel/6.x/README), and
# stable takes a fix only once mainline has it, with its upstream commit.
# The stored patches carry the project's neutral identity and no sign-off;
# the export puts SUBMITTER in From:, adds Assisted-by: ASSISTED_BY and, for
# the kernel and glibc, the submitter's Signed-off-by: once DCO=yes says
# they certify the Developer's Certificate of Origin (outgoing.sh).
# Recipients: for the kernel, scripts/get_maintainer.pl of the patched tree
# (people To:, lists Cc:) and MAIL_CC of the folder; the project's list for
# glibc and musl.
#
# Uses:     KVERS (mainline first), GLIBC.R, MUSL.R, KSRC.T, KSTAMP.T, say_sh
# Provides: target outgoing

SUBMITTER   ?= $(shell git config user.name) <$(shell git config user.email)>
DCO         ?=
ASSISTED_BY ?=
VARHELP.SUBMITTER   := with outgoing: "Name <email>" to send as (default: git config user.name, user.email)
VARHELP.DCO         := with outgoing: yes certifies the Developer's Certificate of Origin for your Signed-off-by
VARHELP.ASSISTED_BY := with outgoing: AGENT:MODEL of the AI coding assistant, for the libc series' Assisted-by: tag (the kernel's is "LLM")
OUTGOING := $(B)/outgoing
MAINLINE := $(firstword $(KVERS))

# A mail series is a folder of patches: the version's own and each folder
# under it but carry/ (patches the build needs that are someone else's to
# send, kernel/7.3/README).
mail_folders = $(foreach d,$(1) $(filter-out %/carry,$(patsubst %/,%,$(wildcard $(1)/*/))),$(if $(wildcard $(d)/*.patch),$(d)))
mail_name    = $(subst /,-,$(patsubst kernel/%,linux-%,$(patsubst libc-patches/%,%,$(1))))
# Recipients beyond what get_maintainer.pl finds from the patches: lists
# (MAIL_CC) and the files whose maintainers a series concerns although it
# does not touch them (MAIL_FILES: the fork fix matters to the architectures
# that map hugetlb pages from PTE tables); the people of each Fixes: commit
# come from FIXES_CC (fixes-cc.sh), since a Debian source tree has no history.
MAIL_CC.kernel/$(MAINLINE)            := linux-api@vger.kernel.org
MAIL_FILES.kernel/$(MAINLINE)/fork-fix := arch/arm64/mm/hugetlbpage.c arch/riscv/mm/hugetlbpage.c
MAIL_CC.kernel/$(MAINLINE)/arch-align := linux-mm@kvack.org
MAIL_CC.kernel/$(MAINLINE)/sh-hugetlb := linux-mm@kvack.org
FIXES_CC := kernel/fixes-cc.tsv
# A security fix (Documentation/process/security-bugs.rst) goes to the
# maintainers with the security team on Cc and to no public list; the
# public series goes without it (kernel/7.3/README).
MAIL_PRIVATE.kernel/$(MAINLINE)/sh-security := security@kernel.org
MAIL_TO.glibc := libc-alpha@sourceware.org
MAIL_TO.musl  := musl@lists.openwall.com
DCO_FLAG       = $(if $(filter yes,$(DCO)),--dco-certified)
OUTGOING_FLAGS = --assisted-by '$(ASSISTED_BY)' $(DCO_FLAG)
# The kernel names no tool or model: "Assisted-by: LLM [TOOL...]" (7.3's
# Documentation/process/coding-assistants.rst).
KERNEL_ASSISTED_BY := LLM

# $(call mail_kernel,FOLDER): one mail series of kernel/MAINLINE.
define mail_kernel
outgoing-$(call mail_name,$(1)): $(KSTAMP.$(MAINLINE))
	$$(call say,mail,$(1) -> $(OUTGOING)/$(call mail_name,$(1)))
	$(Q)patches='$(abspath $(addprefix $(1)/,$(shell toolchain/lib/series.sh --mail $(1))))'; \
	gm() { (cd $(KSRC.$(MAINLINE)) && gm1() { perl scripts/get_maintainer.pl --nogit --nogit-fallback \
		--norolestats --nokeywords "$$$$@"; } && gm1 "$$$$@" $$$$patches $(if $(MAIL_FILES.$(1)),&& \
		gm1 "$$$$@" -f $(MAIL_FILES.$(1)))); }; \
	fixers=$$$$(toolchain/outgoing/fixes-cc.sh $(FIXES_CC) $$$$patches) && \
	people=$$$$({ gm --nol; echo "$$$$fixers"; } | grep . | sort -u | sed ":a;N;s/\n/, /;ba") && \
	lists=$$$$($(if $(MAIL_PRIVATE.$(1)),echo $(MAIL_PRIVATE.$(1)),{ gm --nom --nor; printf '%s\n' $(MAIL_CC.$(1)); } | grep . | sort -u)) && \
	toolchain/outgoing/outgoing.sh --signoff $$(DCO_FLAG) --assisted-by '$$(KERNEL_ASSISTED_BY)' $(1) $(OUTGOING)/$(call mail_name,$(1)) \
		'$$(SUBMITTER)' "$$$$people" $$$$lists
OUTGOING_SERIES += outgoing-$(call mail_name,$(1))
endef
# $(call mail_libc,LIBC,FOLDER,SIGNOFF)
define mail_libc
outgoing-$(call mail_name,$(2)):
	$$(call say,mail,$(2) -> $(OUTGOING)/$(call mail_name,$(2)))
	$(Q)toolchain/outgoing/outgoing.sh $(3) $$(OUTGOING_FLAGS) $(2) $(OUTGOING)/$(call mail_name,$(2)) \
		'$$(SUBMITTER)' $(MAIL_TO.$(1))
OUTGOING_SERIES += outgoing-$(call mail_name,$(2))
endef
MAIL_KERNEL := $(call mail_folders,kernel/$(MAINLINE))
MAIL_GLIBC  := $(call mail_folders,libc-patches/glibc/$(GLIBC.upstream))
MAIL_MUSL   := $(call mail_folders,libc-patches/musl/$(MUSL.upstream))
$(foreach f,$(MAIL_KERNEL),$(eval $(call mail_kernel,$(f))))
$(foreach f,$(MAIL_GLIBC),$(eval $(call mail_libc,glibc,$(f),--signoff)))
# musl takes no Signed-off-by.
$(foreach f,$(MAIL_MUSL),$(eval $(call mail_libc,musl,$(f))))
NOT_MAILED := $(addprefix kernel/,$(filter-out $(MAINLINE),$(KVERS))) libc-patches/glibc/$(GLIBC.debian12) libc-patches/musl/$(MUSL.debian12)

$(RESULTS)/check-outgoing.counts: FORCE
	$(call check,tests/host/outgoing/outgoing.sh $(B)/outgoing-test $(MAIL_KERNEL) $(MAIL_GLIBC) $(MAIL_MUSL))
HELP.check-outgoing := the export refuses what it must not send and writes every message as the submitter
HOST_CHECKS += check-outgoing

outgoing: $(OUTGOING_SERIES)
	$(Q)for s in $(NOT_MAILED); do $(call say_sh,mail,not mailed: '$$s' (a carry for distributions)); done
HELP.outgoing := every mainline series as SUBMITTER mails it (DCO=yes ASSISTED_BY=AGENT:MODEL), in $(OUTGOING)/NAME/
.PHONY: outgoing $(OUTGOING_SERIES)

# Before mailing: is each mainline series still what upstream needs? It
# applies with git am to its pinned pristine source, every gap it closes is
# still open there (tests/host/upstream/gaps.tsv), and a newer source in
# Debian experimental or unstable is a warning (check-upstream.sh).
GLIBC_TARBALL := $(call fetched,glibc-source)/usr/src/glibc/glibc-$(GLIBC.upstream).tar.xz
$(RESULTS)/check-upstream.counts: FORCE | $(call fetched,linux-source-$(MAINLINE))/.fetched \
		$(call fetched,glibc-source)/.fetched $(call needs,base)
	$(call check,tests/host/upstream/check-upstream.sh $(B)/upstream \
		linux:linux-source-$(MAINLINE):$(call kdeb,$(MAINLINE)):$(call ktarball,$(MAINLINE)):$(call kseries,$(MAINLINE)) \
		glibc:glibc-source:$(call pin_version,glibc-source):$(GLIBC_TARBALL):libc-patches/glibc/$(GLIBC.upstream)/series)
HELP.check-upstream := each mainline series applies with git am to its pinned source and its gaps are still open there; warns when Debian has a newer one
