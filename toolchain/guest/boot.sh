#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: boot.sh check|run|shell INITRAMFS LOG [COMMAND] -- QEMU [ARG...]
#
# Boots the test guest: QEMU's command line comes whole from make
# (toolchain/guest/guest.mk: machine, CPU, memory, kernel, its command line
# with the huge page pools); this adds the initramfs and the serial console
# on stdout, with a copy in LOG.
#   check  runs the tests of the initramfs; exits non-zero when the guest
#          did not get to the end (hang, panic, crash). A test program
#          that takes the kernel down (a panic: panic_on_warn=1 makes one
#          of a warning or a KASAN report) or hangs it fails, with the
#          console's report, and the guest boots again to go on after it
#          (/etc/hugesize-resume, tests/guest/rootfs/init.c).
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

# with_file IMAGE PATH TEXT: IMAGE with the file PATH holding TEXT, as a
# second cpio archive appended (the kernel unpacks both; IMAGE stays as
# it is); prints the new image's path.
extra=$(mktemp -d)
trap 'rm -rf "$extra"' EXIT
with_file() {
	local dir
	dir=$(mktemp -d "$extra/XXXX")
	mkdir -p "$dir/root/$(dirname "$2")"
	printf '%s\n' "$3" >"$dir/root/$2"
	(cd "$dir/root" && find . | cpio -o -H newc -R 0:0 --quiet) >"$dir/extra.cpio"
	cat "$1" "$dir/extra.cpio" >"$dir/initramfs.cpio"
	echo "$dir/initramfs.cpio"
}
image=$initramfs
case $mode in
shell) image=$(with_file "$initramfs" etc/hugesize-shell '') ;;
run) image=$(with_file "$initramfs" etc/hugesize-cmd "$command") ;;
esac
qemu_cmd=("$@")
mkdir -p "$(dirname "$log")"
if [ "$mode" = shell ]; then
	exec "${qemu_cmd[@]}" -initrd "$image" -nographic
fi

start=$(date +%s.%N)
: >"$log"
boots=0
while :; do
	seen=$(wc -l <"$log")
	timeout -k 10 "$timeout" "${qemu_cmd[@]}" -initrd "$image" -display none -serial stdio -monitor none </dev/null |
		sed -u 's/\r$//' | tee -a "$log"
	status=$?
	this=$(tail -n +$((seen + 1)) "$log")
	grep -q '^hugesize-init: done' <<<"$this" && break
	last=$(sed -n 's/^# running //p' <<<"$this" | tail -n 1)
	boots=$((boots + 1))
	if [ "$mode" != check ] || [ -z "$last" ] || [ $boots -gt 50 ]; then
		if [ $status = 124 ] || [ $status = 137 ]; then
			echo "error: the guest did not finish within $timeout s and was killed (raise GUEST_TIMEOUT if it is just slow); last console lines:" >&2
		else
			echo "error: the guest stopped before the end (panic, crash or a failed boot; exit $status); last console lines:" >&2
		fi
		tail -n 20 "$log" | sed 's/^/  | /' >&2
		exit 1
	fi
	# The program that was running fails, and the guest goes on after it.
	number=$(sed -nE 's/^(not )?ok ([0-9]+) .*/\2/p' <<<"$this" | tail -n 1)
	number=$((${number:-${resume_number:-0}} + 1))
	# What the console showed after it started: the kernel's last words
	# (panic_print=0x20 replays the log at a panic, the report with it).
	after=$(awk -v start="# running $last" '$0 == start { on = 1; next } on' <<<"$this")
	if [ $status = 124 ] || [ $status = 137 ]; then
		why="the guest hung and was killed after $timeout s"
	else
		why="the kernel went down: $(grep -m 1 '^Kernel panic' <<<"$after" || echo "no panic on the console (exit $status)")"
	fi
	tail -n 80 <<<"$after" | sed 's/^/# console: /'
	echo "not ok $number $last: $why"
	resume_number=$number
	image=$(with_file "$initramfs" etc/hugesize-resume "$last $number")
done
seconds=$(echo "$(date +%s.%N) - $start" | bc)
again=
[ $boots = 0 ] || again=" (booted again after a program took it down: $boots)"
printf '# guest: %.1f s from QEMU start to power-off%s\n' "$seconds" "$again"
if [ "$mode" = run ]; then
	exit "$(sed -n 's/^hugesize-init: command exited with status //p' "$log" | tail -n 1)"
fi
