#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: tap-compare.sh WITH WITHOUT STAGE...
# Prints, test by test, what differs between two runs of the same guest
# STAGEs: WITH and WITHOUT are results folders (build/results/TREE-XARCH)
# of the kernel with and without the series. A result is pass, fail, skip
# or xfail (an expected failure, TAP TODO); a test only one run has is
# "absent" on the other side. Exits 1 when either run has a real failure.
set -eu
usage='usage: tap-compare.sh WITH WITHOUT STAGE...'
with=${1:?$usage} without=${2:?$usage}
shift 2
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
status=0
printf '%-22s %-8s %-8s %s\n' "# stage" with without test
for stage in "$@"; do
	for d in "$with" "$without"; do
		[ -f "$d/$stage.tap" ] || { echo "error: $d/$stage.tap is missing: the stage did not run" >&2; status=1; }
	done
	[ -f "$with/$stage.tap" ] && [ -f "$without/$stage.tap" ] || continue
	awk -v stage="$stage" '
		function verdict(line) {
			if (line ~ /^not ok/) return line ~ /# *TODO/ ? "xfail" : "fail"
			return line ~ /# *[Ss][Kk][Ii][Pp]/ ? "skip" : "pass"
		}
		function name(line) {
			sub(/^(not )?ok [0-9]+ /, "", line)
			sub(/ +#.*$/, "", line)
			return line
		}
		/^(not )?ok [0-9]+ / {
			n = name($0)
			if (FILENAME == ARGV[1]) { a[n] = verdict($0); order[++count] = n }
			else { b[n] = verdict($0); if (!(n in a)) order[++count] = n }
		}
		END {
			for (i = 1; i <= count; i++) {
				n = order[i]
				va = n in a ? a[n] : "absent"; vb = n in b ? b[n] : "absent"
				if (va != vb) printf "%-22s %-8s %-8s %s\n", stage, va, vb, n
				if (va == "fail" || vb == "fail") bad = 1
			}
			exit bad
		}' "$with/$stage.tap" "$without/$stage.tap" || status=1
done
exit $status
