# SPDX-License-Identifier: MIT
# The outgoing stage: each mainline series, as its submitter mails it.
#
#   kernel/KVER/**, libc-patches/{glibc/2.43,musl/1.2.6}/** + the submitter
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
VARHELP.ASSISTED_BY := with outgoing: AGENT:MODEL of the AI coding assistant, for the Assisted-by: tag
OUTGOING := $(B)/outgoing
MAINLINE := $(firstword $(KVERS))

mail_folders = $(patsubst %/0000-cover-letter.patch,%,$(wildcard $(1)/0000-cover-letter.patch $(1)/*/0000-cover-letter.patch))
mail_name    = $(subst /,-,$(patsubst kernel/%,linux-%,$(patsubst libc-patches/%,%,$(1))))
MAIL_CC.kernel/$(MAINLINE)            := linux-api@vger.kernel.org
MAIL_CC.kernel/$(MAINLINE)/fork-fix   := linux-arm-kernel@lists.infradead.org linux-riscv@lists.infradead.org
MAIL_CC.kernel/$(MAINLINE)/arch-align := linux-mm@kvack.org
MAIL_CC.kernel/$(MAINLINE)/sh-hugetlb := linux-mm@kvack.org
MAIL_TO.glibc := libc-alpha@sourceware.org
MAIL_TO.musl  := musl@lists.openwall.com
OUTGOING_FLAGS = --assisted-by '$(ASSISTED_BY)' $(if $(filter yes,$(DCO)),--dco-certified)

# $(call mail_kernel,FOLDER): one mail series of kernel/MAINLINE.
define mail_kernel
outgoing-$(call mail_name,$(1)): $(KSTAMP.$(MAINLINE))
	$$(call say,mail,$(1) -> $(OUTGOING)/$(call mail_name,$(1)))
	$(Q)gm() { (cd $(KSRC.$(MAINLINE)) && perl scripts/get_maintainer.pl --nogit --nogit-fallback \
		--norolestats "$$$$@" $(abspath $(addprefix $(1)/,$(shell toolchain/lib/series.sh --mail $(1))))); }; \
	people=$$$$(gm --nol | sed ":a;N;s/\n/, /;ba"); lists=$$$$(gm --nom --nor); \
	toolchain/outgoing/outgoing.sh --signoff $$(OUTGOING_FLAGS) $(1) $(OUTGOING)/$(call mail_name,$(1)) \
		'$$(SUBMITTER)' "$$$$people" $$$$lists $(MAIL_CC.$(1))
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
