#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: fixes-cc.sh TABLE PATCH...
# The people to Cc for the commits the PATCHes fix: for each "Fixes: SHA"
# line of a message, the row "SHA<TAB>Name <email>, ..." of TABLE (the
# author and the reviewers of that commit), one person a line, each once.
# get_maintainer.pl finds them only in a tree with the upstream history,
# which a Debian source tree lacks. Fails naming every Fixes: that TABLE
# has no row for.
set -eu
table=${1:?usage: fixes-cc.sh TABLE PATCH...}
shift
shas=$(awk '$0 == "---" { nextfile } /^Fixes: [0-9a-f]+ / { print $2 }' "$@" | sort -u)
missing=$(for s in $shas; do awk -F '\t' -v s="$s" '$1 == s { f = 1 } END { exit !f }' "$table" || echo "$s"; done)
[ -z "$missing" ] ||
	{ echo "error: $table has no row for Fixes: $(echo $missing); add the fixed commit's author and reviewers" >&2; exit 1; }
for s in $shas; do
	awk -F '\t' -v s="$s" '$1 == s && $2 != "-" { print $2 }' "$table" | tr ',' '\n' | sed 's/^ *//; s/ *$//'
done | sort -u
