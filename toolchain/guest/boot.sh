#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: boot.sh check|run|shell KERNEL INITRAMFS LOG [COMMAND]
#
# Boots the test guest under QEMU (TCG) with the huge page pools reserved on
# the kernel command line, the serial console on stdout and a copy in LOG.
#   check  runs the tests of the initramfs; exits non-zero when the guest
#          did not get to the end (hang, panic, crash)
#   run    runs COMMAND in the guest and exits with its status
#   shell  an interactive busybox shell (Ctrl-A X leaves QEMU)
# Environment, from the guest stage (toolchain/guest/guest.mk): QEMU (binary),
# QEMU_MACHINE (its -M option, if any), QEMU_MEM, GUEST_CONSOLE (ttyS0,
# ttyAMA0), GUEST_POOLS (the huge page pools on the kernel command line),
# GUEST_ARGS (more of it), QEMU_CPU (-cpu), QEMU_SMP, GUEST_TIMEOUT (seconds
# the host waits before it kills the guest), TEST_TIMEOUT (per test
# program); their defaults are make's. Also KERNEL_ARGS (appended to the
# command line), QEMU_ARGS (appended to QEMU's).
set -u -o pipefail
mode=${1:-}; kernel=${2:-}; initramfs=${3:-}; log=${4:-}; command=${5:-}
case $mode in check|run|shell) ;; *)
	sed -n '2,/^set/{/^set/d;/SPDX/d;s/^# \{0,1\}//;p}' "$0" >&2; exit 2 ;;
esac
for f in "$kernel" "$initramfs"; do
	[ -f "$f" ] || { echo "error: $f is missing; run make first" >&2; exit 2; }
done

for v in QEMU QEMU_MEM QEMU_CPU QEMU_SMP GUEST_CONSOLE GUEST_POOLS GUEST_TIMEOUT TEST_TIMEOUT; do
	[ -n "${!v:-}" ] || { echo "error: $v is not set; make sets it (toolchain/guest/guest.mk, toolchain/arch/*.mk)" >&2; exit 2; }
done
timeout=$GUEST_TIMEOUT
args="console=$GUEST_CONSOLE panic=-1 panic_on_warn=1 quiet $GUEST_POOLS"
args="$args hugesize.timeout=$TEST_TIMEOUT ${GUEST_ARGS:-} ${KERNEL_ARGS:-}"

# The command (or the shell request) travels as a second cpio archive
# appended to the first: the kernel unpacks both, the base stays untouched.
image=$initramfs
if [ "$mode" != check ]; then
	extra=$(mktemp -d)
	trap 'rm -rf "$extra"' EXIT
	mkdir -p "$extra/root/etc"
	if [ "$mode" = shell ]; then
		: >"$extra/root/etc/hugesize-shell"
	else
		printf '%s\n' "$command" >"$extra/root/etc/hugesize-cmd"
	fi
	(cd "$extra/root" && find . | cpio -o -H newc -R 0:0 --quiet) >"$extra/cmd.cpio"
	cat "$initramfs" "$extra/cmd.cpio" >"$extra/initramfs.cpio"
	image=$extra/initramfs.cpio
fi

# shellcheck disable=SC2206 # QEMU_MACHINE and QEMU_ARGS are word lists
qemu_cmd=("$QEMU" ${QEMU_MACHINE:-} -accel tcg -cpu "$QEMU_CPU" -m "$QEMU_MEM" -smp "$QEMU_SMP"
	-kernel "$kernel" -initrd "$image" -append "$args" -no-reboot ${QEMU_ARGS:-})
mkdir -p "$(dirname "$log")"
if [ "$mode" = shell ]; then
	exec "${qemu_cmd[@]}" -nographic
fi

start=$(date +%s.%N)
timeout -k 10 "$timeout" "${qemu_cmd[@]}" -display none -serial stdio -monitor none </dev/null |
	sed -u 's/\r$//' | tee "$log"
status=$?
seconds=$(echo "$(date +%s.%N) - $start" | bc)

if [ $status = 124 ] || [ $status = 137 ]; then
	echo "error: the guest did not finish within $timeout s and was killed (raise GUEST_TIMEOUT if it is just slow); last console lines:" >&2
	tail -n 20 "$log" | sed 's/^/  | /' >&2
	exit 1
fi
if ! grep -q '^hugesize-init: done' "$log"; then
	echo "error: the guest stopped before the end (panic, crash or a failed boot; exit $status); last console lines:" >&2
	tail -n 20 "$log" | sed 's/^/  | /' >&2
	exit 1
fi
printf '# guest: %.1f s from QEMU start to power-off\n' "$seconds"
if [ "$mode" = run ]; then
	exit "$(sed -n 's/^hugesize-init: command exited with status //p' "$log" | tail -n 1)"
fi
