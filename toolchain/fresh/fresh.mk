# SPDX-License-Identifier: MIT
# The fresh-machine stage: README.md's quick start on a new Debian 12, with
# nothing installed but what the quick start names (tests/host/fresh/).
#
#   debootstrap --variant=minbase bookworm + the quick start's packages ─► build/roots/*.tar (once)
#   that root + the machine's apt settings + a clone of HEAD ─chroot─► make run: the demo
#     ─► make first-steps XARCH=each: every architecture's first rules under -j, packages absent
#
# The build on this machine is not used: the root builds everything itself,
# so CI's result does not depend on what happens to be installed here.
# toolchain/fresh/in-root.sh runs any command in that root: .ci/run runs the
# rest of CI there.
#
# Uses:     needs, check, tally, say, OTHER_XARCHES, KOBJ.T, KTREE, GUEST
# Provides: targets check-fresh, first-steps

PKG.fresh := debootstrap git
# Its own results, apart from any one KTREE and XARCH.
$(B)/results/fresh/check-fresh.counts: FORCE | $(call needs,fresh)
	$(call say,fresh,the quick start of README.md in a new Debian 12 root (about 20 minutes on two cores))
	$(call check,tests/host/fresh/quick-start.sh $(B)/fresh $(B)/roots $(OTHER_XARCHES))
check-fresh: $(B)/results/fresh/check-fresh.counts
	$(tally)
HELP.check-fresh := README's quick start in a debootstrapped Debian 12 root (chroot): the demo, its phases, every XARCH's first steps

# The first rules of XARCH that run an installed program: the kernel's
# configure (its compiler) and one guest program (the guest compiler, musl).
first-steps: $(KOBJ.$(KTREE))/.config.hugesize $(GUEST)/rootfs/init
HELP.first-steps := configure the guest kernel and compile /init for XARCH, nothing more (check-fresh runs it per XARCH)
.PHONY: check-fresh first-steps
