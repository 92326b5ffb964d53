#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: summary.sh RESULTS...
# Adds up the counts of a check run into the closing line "N passed, N
# failed, N skipped" (", N expected failures" when there are any): each
# RESULTS folder names its stages in RESULTS/stages and holds a
# STAGE.counts for each stage that ran to the end; a stage
# without one (it could not build or run) counts as one failure. Before it,
# the kernels the guests booted (STAGE.kernel). Exits 1 on any failure.
set -eu
pass=0 fail=0 skip=0 xfail=0
for dir in "$@"; do
	if [ ! -f "$dir/stages" ]; then
		echo "FAILED: $dir has no results (the check did not start)"
		fail=$((fail + 1))
		continue
	fi
	for stage in $(cat "$dir/stages"); do
		if [ -f "$dir/$stage.counts" ]; then
			read -r p f s x <"$dir/$stage.counts"
			[ "$f" = 0 ] || echo "FAILED: $dir/$stage ($f; TAP in $dir/$stage.tap)"
		else
			p=0 f=1 s=0 x=0
			echo "FAILED: $dir/$stage did not run to the end (see the errors above)"
		fi
		pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s)) xfail=$((xfail + ${x:-0}))
	done
done
for dir in "$@"; do
	cat "$dir"/*.kernel 2>/dev/null
done | sort -u | sed 's/^/# booted: /'
echo "$pass passed, $fail failed, $skip skipped$([ "$xfail" = 0 ] || echo ", $xfail expected failures")"
[ "$fail" = 0 ]
