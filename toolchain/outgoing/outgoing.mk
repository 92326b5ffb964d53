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

# $(call mail_kernel,VERSION,EXTRA-TO): the kernel series of VERSION.
define mail_kernel
outgoing-kernel-$(1): $(KSTAMP.$(1))
	$$(call say,mail,kernel/$(1) -> $(OUTGOING)/linux-$(1))
	$(Q)gm() { (cd $(KSRC.$(1)) && perl scripts/get_maintainer.pl --nogit --nogit-fallback \
		--norolestats "$$$$@" $(abspath $(addprefix kernel/$(1)/,$(shell sed 's/#.*//' kernel/$(1)/series)))); }; \
	people=$$$$(gm --nol | sed ":a;N;s/\n/, /;ba"); lists=$$$$(gm --nom --nor); \
	toolchain/outgoing/outgoing.sh kernel/$(1) $(OUTGOING)/linux-$(1) '$$(SUBMITTER)' \
		"$(if $(2),$(2)$$(comma) )$$$$people" $$$$lists
OUTGOING_SERIES += outgoing-kernel-$(1)
endef
$(eval $(call mail_kernel,7.2))
$(foreach v,$(filter-out 7.2,$(KVERS)),$(eval $(call mail_kernel,$(v),stable@vger.kernel.org)))

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
	$(call check,tests/host/outgoing/outgoing.sh $(B)/outgoing-test kernel/7.2 kernel/6.12 kernel/6.1 \
		libc-patches/glibc/2.43 libc-patches/musl/1.2.6)
HELP.check-outgoing := the export refuses placeholder identities and writes every message as the submitter
HOST_CHECKS += check-outgoing

outgoing: $(OUTGOING_SERIES)
HELP.outgoing := every series as SUBMITTER mails it, with recipients, in $(OUTGOING)/TREE/ (git send-email)
.PHONY: outgoing $(OUTGOING_SERIES)
