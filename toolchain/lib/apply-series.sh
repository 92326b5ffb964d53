#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: apply-series.sh TREE SERIES
# Applies the patches named in the quilt SERIES file (paths relative to its
# folder, toolchain/lib/series.sh) to TREE with no fuzz. A copy of what was
# applied is kept in TREE/.hugesize/, so a later call first takes the old series back out: the tree follows the
# series without being unpacked again, and every file a patch touched gets a
# new mtime, which is what makes incremental builds see the change.
set -eu
tree=${1:?usage: apply-series.sh TREE SERIES}
series=${2:?usage: apply-series.sh TREE SERIES}
dir=$(dirname "$series")
state=$tree/.hugesize

patches() { "$(dirname "$0")/series.sh" "$1"; }

if [ -f "$state/series" ]; then
	for p in $(patches "$state/series" | tac); do
		patch -d "$tree" -p1 -R -F0 -s --no-backup-if-mismatch <"$state/$p" ||
			{ echo "error: cannot take $p back out of $tree; remove $tree and run make again" >&2; exit 1; }
	done
	rm -rf "$state"
fi
mkdir -p "$state"
[ "$series" = /dev/null ] && { : >"$state/series"; exit 0; }
for p in $(patches "$series"); do
	[ -f "$dir/$p" ] || { echo "error: $series names $p, which does not exist in $dir/" >&2; exit 1; }
	if ! out=$(patch -d "$tree" -p1 -F0 -N --no-backup-if-mismatch <"$dir/$p" 2>&1); then
		printf '%s\n' "$out" >&2
		echo "error: $dir/$p does not apply to $tree with no fuzz; rebase it onto this tree" >&2
		exit 1
	fi
	mkdir -p "$state/$(dirname "$p")" && cp "$dir/$p" "$state/$p"
done
cp "$series" "$state/series"
