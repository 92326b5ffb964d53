#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: cache-stats.sh DIR             prints "HITS MISSES" of the ccache in DIR
#        cache-stats.sh DIR "HITS MISSES"  says the hits and misses since then
#        cache-stats.sh DIR --size        says how many files and MiB it holds
# The build's compiler cache (CCACHE_DIR, the Makefile): make takes the
# first figure when it starts, and its tally prints the second. Prints
# nothing where ccache is not installed yet.
set -u
dir=${1:?usage: cache-stats.sh DIR [\"HITS MISSES\"]}
command -v ccache >/dev/null 2>&1 || exit 0
stats() { CCACHE_DIR=$dir ccache --print-stats 2>/dev/null; }
if [ "${2:-}" = --size ]; then
	stats | awk -F'\t' '$1 == "files_in_cache" { f = $2 } $1 == "cache_size_kibibyte" { k = $2 }
		END { printf "%d files, %d MiB\n", f, k / 1024 }'
	exit 0
fi
now=$(stats | awk -F'\t' '$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 } $1 == "cache_miss" { m += $2 }
	END { print h + 0, m + 0 }')
[ -n "$now" ] || exit 0
if [ $# -lt 2 ]; then
	echo "$now"
	exit 0
fi
[ -n "$2" ] || set -- "$1" "0 0"
echo "$now $2" | awk -v dir="$dir" '{
	h = $1 - $3; m = $2 - $4
	if (h + m == 0) exit
	printf "# ccache: %d of %d compilations from the cache (%.0f%%), %s\n", h, h + m, 100 * h / (h + m), dir }'
