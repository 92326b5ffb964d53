#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: quick-start.sh WORK ROOTS [XARCH...]
# TAP: README.md's quick start on a new Debian 12 machine, as a new user
# runs it. The root is `debootstrap --variant=minbase bookworm` with only the
# packages the quick start's `apt-get install` line names, kept in ROOTS as
# a tarball once made. Unpacked afresh in WORK/root, with the machine's own
# apt sources, settings and keys (and resolv.conf) copied in, a clone of
# this repository's HEAD in /root/hugesize, it runs the quick start's first
# command there (toolchain/fresh/in-root.sh: chroot, /dev /proc /sys):
#  - it exits 0, and the demo maps a 1 GB and a 2 MB page (KernelPageSize as
#    asked, pools back where they started);
#  - the seconds of each phase, from the steps' own times (HUGESIZE_TIMES),
#    as diagnostics;
#  - then, in the same root, `make first-steps XARCH=A` for each XARCH: the
#    kernel configured and /init compiled on a root that has none of that
#    architecture's packages yet, under make -j: a rule that runs a program
#    before its package set is installed fails here. These compile with the
#    machine's compiler cache (CCACHE_DIR) bound in; the quick start's own
#    command has the root's, empty: it proves the first run.
# Needs root (chroot and mounts); without it every result is a SKIP.
set -uo pipefail
usage="usage: quick-start.sh WORK ROOTS [XARCH...]"
work=$(realpath -m "${1:?$usage}")
roots=$(realpath -m "${2:?$usage}")
shift 2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
. "$here/../../lib/tap.sh"

# The quick start as README.md says it: its indented lines.
quick=$(sed -n '/^## Quick start/,/^## /{s/^    //p}' "$repo/README.md")
prereqs=$(printf '%s\n' "$quick" | sed -n 's/^apt-get install -y \([^#]*\).*/\1/p' | xargs)
first=$(printf '%s\n' "$quick" | sed -n 's/^\(make [^#]*\).*/\1/p' | head -n 1 | xargs)
if [ -z "$prereqs" ] || [ -z "$first" ]; then
	echo "error: README.md's Quick start has no 'apt-get install -y PACKAGES' line or no make command" >&2
	exit 2
fi
if [ "$(id -u)" != 0 ]; then
	tap_skip "'$first' in a fresh Debian 12 root" "needs root (debootstrap, chroot, mounts)"
	tap_done
fi

log() { "$repo/toolchain/lib/say.sh" fresh "$*" >&2; }
root=$work/root
in_root_sh=$repo/toolchain/fresh/in-root.sh

# The root: made once per list of packages, then unpacked from its tarball.
tar=$roots/bookworm-minbase+$(echo "$prereqs" | tr ' ' +).tar
start=$SECONDS
if [ ! -f "$tar" ]; then
	log "making a minimal Debian 12 root with $prereqs (debootstrap --variant=minbase)"
	mkdir -p "$roots"
	# shellcheck disable=SC2086 # prereqs is a list of package names
	"$repo/toolchain/fresh/minbase-root.sh" bookworm "$tar.d" $prereqs >"$tar.log" 2>&1 ||
		{ tail -n 20 "$tar.log" >&2; echo "error: debootstrap failed; log: $tar.log" >&2; exit 1; }
	if ! tar --one-file-system -C "$tar.d" -cf "$tar.tmp" .; then
		echo "error: cannot pack $tar.d into $tar" >&2
		exit 1
	fi
	mv "$tar.tmp" "$tar" && rm -rf --one-file-system "$tar.d"
fi
"$in_root_sh" --unmount "$root" || exit 1
rm -rf --one-file-system "$root" && mkdir -p "$root" && tar -C "$root" -xf "$tar"
# apt as the machine has it: the same archive, proxies, keys; and its DNS.
rm -rf "$root/etc/apt/sources.list" "$root/etc/apt/sources.list.d" "$root/etc/apt/apt.conf.d"
for f in sources.list sources.list.d apt.conf.d auth.conf.d trusted.gpg trusted.gpg.d keyrings preferences.d; do
	[ -e "/etc/apt/$f" ] && cp -a "/etc/apt/$f" "$root/etc/apt/"
done
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
if ! { git clone -q --no-checkout "$repo" "$root/root/hugesize" &&
	git -C "$root/root/hugesize" checkout -q "$(git -C "$repo" rev-parse HEAD)"; }; then
	echo "error: cannot clone $repo into the root" >&2
	exit 1
fi
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] ||
	log "note: HEAD $(git -C "$repo" rev-parse --short HEAD) is tested; uncommitted changes are not in it"
log "root ready in $((SECONDS - start)) s: $(chroot "$root" dpkg-query -W | wc -l) packages, HEAD $(git -C "$repo" rev-parse --short HEAD)"

# in_root LOG COMMAND [IN-ROOT OPTION...]: COMMAND in the root's clone; its
# output to LOG and, as it comes, to stderr; its last lines, where a failure
# says why, to LOG.tail.
in_root() {
	"$in_root_sh" "${@:3}" "$root" "$2" 2>&1 | tee "$1" >&2
	local status=$?
	tail -n 20 "$1" >"$1.tail"
	return $status
}

out=$work/quick-start.log
log "running the quick start's first command in the root: $first"
start=$SECONDS
in_root "$out" "$first"
status=$?
wall=$((SECONDS - start))
tap "$status" "'$first' in a fresh Debian 12 root with only $prereqs installed first ($wall s)" "$out.tail"
for page in '1048576 kB:1 GB' '2048 kB:2 MB'; do
	grep -q "KernelPageSize  ${page%%:*} (as asked)" "$out"
	tap $? "the demo maps a ${page#*:} page (KernelPageSize ${page%%:*})"
done
back=$(grep -c '(back where it started)' "$out")
! grep -q 'NOT back where it started' "$out" && [ "$back" -ge 2 ]
tap $? "the demo's pools are back where they started after each of its $back mappings"

# The phases: each step's own seconds, by kind.
phases=$("$repo/toolchain/lib/phases.sh" "$root/root/hugesize/build/times.tsv" 2>/dev/null)
guest=$(sed -n 's/^# guest: \([0-9.]*\) s from QEMU start.*/\1/p' "$out" | tail -n 1)
report=$(
	echo "# '$first' in the fresh root: $wall s wall; its steps (they overlap under make -j):"
	[ -z "$phases" ] || printf '%s\n' "$phases" | sed 's/^/#   /'
	[ -z "$guest" ] || printf '#   %6.0f s  guest booted, demo run, powered off\n' "$guest"
)
echo "$report"
echo "$report" >&2

# Every other architecture's first steps, in the same root.
for arch in "$@"; do
	log "first steps of XARCH=$arch in the root: kernel configure, /init compiled"
	start=$SECONDS
	in_root "$work/first-steps-$arch.log" "make first-steps XARCH=$arch" ${CCACHE_DIR:+--cache "$CCACHE_DIR"}
	tap $? "XARCH=$arch: kernel configured and /init compiled on a root without its packages ($((SECONDS - start)) s)" \
		"$work/first-steps-$arch.log.tail"
done
tap_done
