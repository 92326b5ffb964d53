#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: in-root.sh [--cache DIR] ROOT COMMAND
#        in-root.sh --unmount DIR
# Runs COMMAND (sh) in ROOT's clone of the project, /root/hugesize, with
# chroot, as a new user's login would: an empty environment, /dev and /sys
# bound from the machine, a new /proc, ROOT itself a mount point; unmounts
# them when COMMAND ends.
# HUGESIZE_TIMES in the root is build/times.tsv (check-fresh's phases).
# --cache DIR: the machine's compiler cache DIR is bound at the same path in
# the root and is the command's CCACHE_DIR (without it, the root's own
# cache, empty in a new root, serves).
# --unmount DIR: unmounts all that is mounted at or under DIR, deepest first.
set -uo pipefail
usage="usage: in-root.sh [--cache DIR] ROOT COMMAND | in-root.sh --unmount DIR"
cache=
if [ "${1:-}" = --cache ]; then
	cache=$(realpath -m "${2:?$usage}")
	shift 2
fi
[ $# = 2 ] || { echo "$usage" >&2; exit 2; }

mounts() { awk -v d="$1" '$5 == d || index($5, d "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r; }
unmount() {
	mounts "$1" | while read -r m; do umount -l "$m"; done
	[ -z "$(mounts "$1")" ] || { echo "error: still mounted under $1: $(mounts "$1" | xargs)" >&2; return 1; }
}
if [ "$1" = --unmount ]; then
	unmount "$(realpath -m "$2")"
	exit
fi

root=$(realpath -m "$1")
if [ ! -d "$root/root/hugesize" ]; then
	echo "error: $root has no clone in /root/hugesize; make check-fresh makes the root" >&2
	exit 2
fi
[ "$(id -u)" = 0 ] || { echo "error: chroot and mounts need root" >&2; exit 2; }
unmount "$root" || exit 1
trap 'unmount "$root"' EXIT
trap 'exit 130' INT TERM
# Killed with the reader of its output (tee), bash would die of SIGPIPE
# reporting it and leave the mounts; the command gets the default back.
trap '' PIPE
# ROOT becomes a mount point of its own, private, so that inside it "/" is
# one: unshare(1) needs that (toolchain/deps/suite-run.sh).
mount --bind "$root" "$root" && mount --make-private "$root" || exit 1
for d in dev sys; do
	mount --rbind "/$d" "$root/$d" && mount --make-rslave "$root/$d" || exit 1
done
mount -t proc proc "$root/proc" || exit 1
if [ -n "$cache" ]; then
	mkdir -p "$cache" "$root$cache" && mount --bind "$cache" "$root$cache" || exit 1
fi
env --default-signal=PIPE -i HOME=/root TERM=dumb LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	HUGESIZE_TIMES=/root/hugesize/build/times.tsv ${cache:+CCACHE_DIR="$cache"} \
	chroot "$root" sh -c "cd /root/hugesize && $2" </dev/null
