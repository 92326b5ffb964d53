#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: summary.sh [--since SECONDS] FILE...
# Adds up the results of a check run into the closing line "N passed, N
# failed, N skipped" (", N expected failures" when there are any). A FILE
# is either a stage's STAGE.counts ("PASS FAIL SKIP XFAIL", from
# tap-count.sh; a STAGE.kernel beside it names the kernel it booted) or the
# output of a whole make run, whose last closing line counts (none: that
# run did not get to its tally, one failure). With --since, it also says how
# many stages ran after that time and how many were kept as they were.
# Exits 1 on any failure.
set -eu
since=
if [ "${1:-}" = --since ]; then since=$2; shift 2; fi
pass=0 fail=0 skip=0 xfail=0 ran=0 kept=0
for file in "$@"; do
	case $file in
	*.counts)
		if [ -f "$file" ]; then
			read -r p f s x <"$file"
			[ "$f" = 0 ] || echo "FAILED: ${file%.counts} ($f; TAP in ${file%.counts}.tap)"
			# A failed stage is dated 1970, and never kept.
			if [ -n "$since" ] && [ "$f" = 0 ] && [ "$(stat -c %Y "$file")" -lt "$since" ]; then
				kept=$((kept + 1))
			else
				ran=$((ran + 1))
			fi
		else
			p=0 f=1 s=0 x=0
			echo "FAILED: ${file%.counts} did not run (see the errors above)"
		fi ;;
	*)
		p= x=
		eval "$(sed -nE 's/^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped(, ([0-9]+) expected failures)?$/p=\1 f=\2 s=\3 x=\5/p' \
			"$file" 2>/dev/null | tail -n 1)"
		if [ -n "$p" ]; then
			[ "$f" = 0 ] || echo "FAILED: $f in $file"
		else
			p=0 f=1 s=0 x=0
			echo "FAILED: $file has no closing line (that run stopped before its tally)"
		fi ;;
	esac
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s)) xfail=$((xfail + ${x:-0}))
done
[ "$kept" = 0 ] || echo "# $ran stages ran, $kept kept as they were (nothing they depend on changed)"
for file in "$@"; do
	case $file in *.counts) cat "${file%.counts}.kernel" 2>/dev/null ;; esac
done | sort -u | sed 's/^/# booted: /'
echo "$pass passed, $fail failed, $skip skipped$([ "$xfail" = 0 ] || echo ", $xfail expected failures")"
[ "$fail" = 0 ]
