#!/bin/sh
# Usage: tap-count.sh NAME < tap
# Echoes a TAP/KTAP stream, counts its top-level results and writes
# "PASS FAIL SKIP" to build/results/NAME.counts. A stream without a plan, or
# with fewer results than planned, ended early: that counts as one failure.
# Exits 1 when anything failed.
set -eu
name=${1:?usage: tap-count.sh NAME < tap}
results=${RESULTS:-build/results}
mkdir -p "$results"
awk -v out="$results/$name.counts" -v name="$name" '
	{ print; fflush() }
	/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; planned = 1 }
	/^(not )?ok [0-9]+/ {
		if ($1 == "not") fail++
		else if ($0 ~ /# *[Ss][Kk][Ii][Pp]/) skip++
		else pass++
	}
	END {
		seen = pass + fail + skip
		if (!planned || seen < plan) {
			printf "not ok - %s ended early: %d of %s results seen\n", name, seen, planned ? plan : "?"
			fail++
		}
		printf "%d %d %d\n", pass, fail, skip > out
		exit fail > 0
	}'
