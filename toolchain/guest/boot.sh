#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: boot.sh check|run|shell INITRAMFS LOG [COMMAND] -- QEMU [ARG...]
#
# Boots the test guest: QEMU's command line comes whole from make
# (toolchain/guest/guest.mk: machine, CPU, memory, kernel, its command line
# with the huge page pools); this adds the initramfs and the serial console
# on stdout, with a copy in LOG.
#   check  runs the tests of the initramfs; exits non-zero when the guest
#          did not get to the end (hang, panic, crash)
#   run    runs COMMAND in the guest and exits with its status
#   shell  an interactive busybox shell (Ctrl-A X leaves QEMU)
# GUEST_TIMEOUT, from make: seconds the host waits before it kills the guest.
set -u -o pipefail
usage() { sed -n '2,/^set/{/^set/d;/SPDX/d;s/^# \{0,1\}//;p}' "$0" >&2; exit 2; }
[ $# -ge 3 ] || usage
mode=$1 initramfs=$2 log=$3 command=
shift 3
case $mode in check|run|shell) ;; *) usage ;; esac
[ "${1:-}" = -- ] || { command=${1:-}; shift; }
[ "${1:-}" = -- ] && [ $# -ge 2 ] || usage
shift
[ -f "$initramfs" ] || { echo "error: $initramfs is missing; run make first" >&2; exit 2; }
[ -n "${GUEST_TIMEOUT:-}" ] || { echo "error: GUEST_TIMEOUT is not set; make sets it (toolchain/guest/guest.mk)" >&2; exit 2; }
timeout=$GUEST_TIMEOUT

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

qemu_cmd=("$@" -initrd "$image")
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
