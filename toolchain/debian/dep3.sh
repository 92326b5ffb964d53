#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: dep3.sh FORWARDED PATCH
# Prints PATCH, a git format-patch file, as a Debian patch with a DEP-3
# header (https://dep-team.pages.debian.net/deps/dep3/) made from its own
# mail header and message, so the series keeps one copy of each text:
#   Description  the Subject (less "[PATCH n/m]"), then the message body
#                less its trailers (Signed-off-by: ...)
#   Author       From:
#   Forwarded    FORWARDED ("no", "not-needed" or where it was sent)
#   Last-Update  Date:, as YYYY-MM-DD (UTC)
# then the diffstat and the diff, without git's closing signature.
set -eu
usage="usage: dep3.sh FORWARDED PATCH"
forwarded=${1:?$usage}
patch=${2:?$usage}
[ -f "$patch" ] || { echo "error: $patch does not exist" >&2; exit 1; }
case $forwarded in *"
"*) echo "error: FORWARDED must be one line" >&2; exit 1 ;; esac

# The mail header, with folded lines joined: "Field: value" each.
header=$(awk '/^$/ { exit } NR == 1 && /^From [0-9a-f]+ / { next }
	/^[ \t]/ { sub(/^[ \t]+/, " "); line = line $0; next }
	{ if (line != "") print line; line = $0 } END { if (line != "") print line }' "$patch")
field() { printf '%s\n' "$header" | sed -n "s/^$1: //p" | head -n 1; }
subject=$(field Subject | sed 's/^\[[^]]*PATCH[^]]*\] *//')
author=$(field From)
date=$(field Date)
[ -n "$subject" ] && [ -n "$author" ] && [ -n "$date" ] ||
	{ echo "error: $patch has no Subject:, From: or Date: header; make it with git format-patch" >&2; exit 1; }
grep -q '^---$' "$patch" || { echo "error: $patch has no '---' line before its diff" >&2; exit 1; }
updated=$(date -u -d "$date" +%F) || { echo "error: $patch: cannot read the date '$date'" >&2; exit 1; }

printf 'Description: %s\n' "$subject"
# The body: after the header, up to "---"; trailers and surrounding blank
# lines dropped; every line indented, blank ones as " .".
awk 'body == 0 { if (/^$/) body = 1; next }
	/^---$/ { exit }
	/^(Signed-off-by|Reviewed-by|Acked-by|Tested-by|Reported-by|Suggested-by|Co-developed-by|Cc|Link):/ { next }
	{ lines[++n] = $0 }
	END {
		while (n > 0 && lines[n] ~ /^[ \t]*$/) n--
		for (i = 1; i <= n && lines[i] ~ /^[ \t]*$/; i++) ;
		for (; i <= n; i++) print (lines[i] ~ /^[ \t]*$/ ? " ." : " " lines[i])
	}' "$patch"
printf 'Author: %s\nForwarded: %s\nLast-Update: %s\n' "$author" "$forwarded" "$updated"
# From "---" on, up to git's signature ("-- " and the version after it).
awk 'out == 0 && /^---$/ { out = 1 } out { lines[++n] = $0 }
	END {
		for (i = n; i > 0; i--) if (lines[i] == "-- ") { n = i - 1; break }
		for (i = 1; i <= n; i++) print lines[i]
	}' "$patch"
