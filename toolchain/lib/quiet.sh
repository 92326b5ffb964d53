#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: quiet.sh LOG COMMAND [ARG...]
# Runs COMMAND with its output kept in LOG (and shown too with V=1).
# When it fails, shows the end of LOG and where the rest is. With
# HUGESIZE_TIMES=FILE, adds "SECONDS<tab>step<tab>LOG" to FILE (check-fresh's
# phases). Under make -n it only prints COMMAND: the rules that run a
# make of another project (kbuild, glibc) are marked "+", so make -n runs
# them, and this is where such a rule would do something.
set -u -o pipefail
log=$1; shift
case ${MAKEFLAGS%% *} in *n*)
	echo "$*"; exit 0 ;;
esac
mkdir -p "$(dirname "$log")"
start=$SECONDS
if [ "${V:-0}" = 1 ]; then
	"$@" 2>&1 | tee "$log"
else
	"$@" >"$log" 2>&1
fi
status=$?
[ -z "${HUGESIZE_TIMES:-}" ] || printf '%s\tstep\t%s\n' $((SECONDS - start)) "$log" >>"$HUGESIZE_TIMES"
if [ $status != 0 ]; then
	[ "${V:-0}" = 1 ] || tail -n 25 "$log" >&2
	echo "error: '$*' failed (exit $status); full log: $log" >&2
fi
exit $status
