#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: RESULTS=DIR tap-count.sh NAME < tap
# Keeps a check's TAP/KTAP stream in DIR/NAME.tap, counts its top-level
# results into DIR/NAME.counts ("PASS FAIL SKIP XFAIL": a "not ok" with a TAP
# TODO directive is an expected failure, not a failure) and shows on the console
# what a reader of parallel checks needs: each failure with the diagnostics
# just before it, and one line of counts at the end (V=1: the whole stream).
# A stream without a plan, or with fewer results than planned, ended early:
# that counts as one failure. Exits 1 when anything failed. With
# HUGESIZE_TIMES=FILE, adds "SECONDS<tab>check<tab>DIR/NAME" to FILE: the
# seconds from the check's start to its end (the pipeline's figures).
set -eu
start=$(date +%s)
name=${1:?usage: RESULTS=DIR tap-count.sh NAME < tap}
results=${RESULTS:?RESULTS is not set}
mkdir -p "$results"
status=0
awk -v dir="$results" -v name="$name" -v verbose="${V:-0}" '
	BEGIN { tap = dir "/" name ".tap"; printf "" > tap }
	{ print > tap; fflush(tap) }
	verbose == 1 { print; fflush() }
	/^[[:space:]]*#/ { diag[nd++ % 20] = $0 }
	/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; planned = 1 }
	/^(not )?ok [0-9]+/ {
		if ($1 == "not" && $0 ~ /# *TODO/) xfail++
		else if ($1 == "not") {
			fail++
			if (verbose != 1) {
				for (i = nd > 20 ? nd - 20 : 0; i < nd; i++) print "  " name ": " diag[i % 20]
				print "  " name ": " $0; fflush()
			}
		} else if ($0 ~ /# *[Ss][Kk][Ii][Pp]/) skip++
		else pass++
		nd = 0
	}
	END {
		seen = pass + fail + skip + xfail
		if (!planned || seen < plan) {
			line = sprintf("not ok - %s ended early: %d of %s results seen", name, seen, planned ? plan : "?")
			print line > tap; print "  " name ": " line
			fail++
		}
		printf "%d %d %d %d\n", pass, fail, skip, xfail > dir "/" name ".counts"
		printf "  %-8s %s: %d passed, %d failed, %d skipped%s%s\n", "[check]", name, pass, fail, skip,
			xfail ? sprintf(", %d expected failures", xfail) : "", fail ? " (TAP in " tap ")" : ""
		exit fail > 0
	}' || status=$?
[ -z "${HUGESIZE_TIMES:-}" ] || printf '%s\tcheck\t%s\n' $(($(date +%s) - start)) "$results/$name" >>"$HUGESIZE_TIMES"
exit $status
