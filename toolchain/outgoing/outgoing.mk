# SPDX-License-Identifier: MIT
# The outgoing stage: each series, as its submitter mails it.
#
#   kernel/VERSION/, libc-patches/LIBC/VERSION/ + the submitter's identity
#     ─► build/outgoing/TREE/*.patch, with To: and Cc:, ready for git send-email
#
# The stored patches carry the project's neutral identity; the export puts
# the submitter's in From: and Signed-off-by: (SUBMITTER, by default git's
# user.name and user.email) and refuses a placeholder. Recipients: for the
# kernel, scripts/get_maintainer.pl of the patched tree (people To:, lists
# Cc:; the backports to stable@, after the mainline series is merged); the
# project's list for glibc and musl. The Debian 12 libc backports are for
# distributions and are not mailed.
#
# Uses:     KSRC.T, KSTAMP.T, say
# Provides: target outgoing

SUBMITTER ?= $(shell git config user.name) <$(shell git config user.email)>
VARHELP.SUBMITTER := with outgoing: "Name <email>" to send as (default: git config user.name, user.email)
OUTGOING := $(B)/outgoing

# $(call mail_kernel,VERSION,FOLDER,EXTRA-TO): one mail series of the kernel
# patches of VERSION, FOLDER being kernel/VERSION or a folder in it that has
# a cover letter (kernel/7.2/fork-fix: linux-7.2-fork-fix).
define mail_kernel
outgoing-$(call mail_name,$(2)): $(KSTAMP.$(1))
	$$(call say,mail,$(2) -> $(OUTGOING)/$(call mail_name,$(2)))
	$(Q)gm() { (cd $(KSRC.$(1)) && perl scripts/get_maintainer.pl --nogit --nogit-fallback \
		--norolestats "$$$$@" $(abspath $(addprefix $(2)/,$(shell toolchain/lib/series.sh --mail $(2))))); }; \
	people=$$$$(gm --nol | sed ":a;N;s/\n/, /;ba"); lists=$$$$(gm --nom --nor); \
	toolchain/outgoing/outgoing.sh $(2) $(OUTGOING)/$(call mail_name,$(2)) '$$(SUBMITTER)' \
		"$(if $(3),$(3)$$(comma) )$$$$people" $$$$lists
OUTGOING_SERIES += outgoing-$(call mail_name,$(2))
endef
mail_name    = linux-$(subst /,-,$(patsubst kernel/%,%,$(1)))
mail_folders = $(patsubst %/,%,$(dir $(wildcard kernel/$(1)/0000-cover-letter.patch kernel/$(1)/*/0000-cover-letter.patch)))
$(foreach f,$(call mail_folders,7.2),$(eval $(call mail_kernel,7.2,$(f))))
$(foreach v,$(filter-out 7.2,$(KVERS)),$(foreach f,$(call mail_folders,$(v)),\
	$(eval $(call mail_kernel,$(v),$(f),stable@vger.kernel.org))))

outgoing-glibc:
	$(call say,mail,libc-patches/glibc/2.43 -> $(OUTGOING)/glibc-2.43)
	$(Q)toolchain/outgoing/outgoing.sh libc-patches/glibc/2.43 $(OUTGOING)/glibc-2.43 '$(SUBMITTER)' \
		libc-alpha@sourceware.org
outgoing-musl:
	$(call say,mail,libc-patches/musl/1.2.6 -> $(OUTGOING)/musl-1.2.6)
	$(Q)toolchain/outgoing/outgoing.sh libc-patches/musl/1.2.6 $(OUTGOING)/musl-1.2.6 '$(SUBMITTER)' \
		musl@lists.openwall.com
OUTGOING_SERIES += outgoing-glibc outgoing-musl

check-outgoing:
	$(call check,tests/host/outgoing/outgoing.sh $(B)/outgoing-test \
		$(foreach v,$(KVERS),$(call mail_folders,$(v))) libc-patches/glibc/2.43 libc-patches/musl/1.2.6)
HELP.check-outgoing := the export refuses placeholder identities and writes every message as the submitter
HOST_CHECKS += check-outgoing

outgoing: $(OUTGOING_SERIES)
HELP.outgoing := every series as SUBMITTER mails it, with recipients, in $(OUTGOING)/TREE/ (git send-email)
.PHONY: outgoing $(OUTGOING_SERIES)
