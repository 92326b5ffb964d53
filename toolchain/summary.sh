#!/bin/sh
# Usage: summary.sh RESULTS STAGE...
# Adds up the RESULTS/STAGE.counts files of a check run into the closing
# line "N passed, N failed, N skipped". A stage that left no counts (it
# could not build or run at all) counts as one failure. Exits 1 on failure.
set -eu
dir=$1; shift
pass=0 fail=0 skip=0
for stage in "$@"; do
	if [ -f "$dir/$stage.counts" ]; then
		read -r p f s <"$dir/$stage.counts"
		[ "$f" = 0 ] || echo "FAILED: $stage ($f)"
	else
		p=0 f=1 s=0
		echo "FAILED: $stage did not run to the end (see the errors above)"
	fi
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
