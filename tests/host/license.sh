#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: license.sh
# TAP: the repository follows the REUSE specification (`reuse lint`: every
# file has its copyright and license, from its own SPDX line or from
# .reuse/dep5), and every file of ours whose format has comments carries its
# own SPDX line, so that a file copied out of the tree (the compat header
# above all) keeps its license. Run from the top of the repository.
set -u
. "$(dirname "$0")/../lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

reuse lint >"$log" 2>&1
tap $? "reuse lint: every file has a copyright and a license" "$log"

# Patches, quilt series and prose have no comment syntax of their own that
# the trees would keep, nor do a debian/ directory's changelog, copyright
# (itself in DEP-5 form) and source/format, nor the guest's /etc/passwd and
# /etc/group: .reuse/dep5 covers them.
git ls-files | grep -vE '\.(patch|md|txt)$|/series$|/README$|^LICENSE$|/rootfs/etc/(passwd|group)$|^\.reuse/|/debian/(changelog|copyright|source/format)$' |
	while read -r f; do grep -q 'SPDX-License-Identifier:' "$f" || echo "  no SPDX line: $f"; done >"$log"
[ ! -s "$log" ]
tap $? "every file of ours that can hold a comment has an SPDX line" "$log"
tap_done
