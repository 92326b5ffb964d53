#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: minbase-root.sh SUITE DIR [PACKAGE...]
# A minimal Debian SUITE root in DIR (made anew): `debootstrap
# --variant=minbase` with PACKAGEs, from the archive the machine's own apt
# uses, and nothing left mounted in it. Needs root.
set -eu
[ $# -ge 2 ] || { echo "usage: minbase-root.sh SUITE DIR [PACKAGE...]" >&2; exit 2; }
suite=$1 dir=$2
shift 2
here=$(realpath "$(dirname "$0")")
[ "$(id -u)" = 0 ] || { echo "error: debootstrap needs root" >&2; exit 2; }
mirror=$("$here/../deps/apt-private.sh" --origin base-files | cut -d' ' -f1)
echo "debootstrap --variant=minbase $suite from $mirror${*:+ with $*}"
rm -rf --one-file-system "$dir"
debootstrap --variant=minbase ${*:+--include="$(echo "$@" | tr ' ' ,)"} "$suite" "$dir" "$mirror"
# debootstrap may leave the root's /proc mounted.
"$here/in-root.sh" --unmount "$dir"
