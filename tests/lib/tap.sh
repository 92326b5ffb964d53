# SPDX-License-Identifier: MIT
# TAP output for the shell checks; source it, then
#   tap STATUS DESCRIPTION [LOG]  one result, "ok" when STATUS is 0 (or empty);
#                                 with LOG, the start of it as diagnostics when
#                                 the result is a failure (all of it with V=1)
#   tap_skip DESCRIPTION REASON   one result skipped, with the reason
#   tap_done                      the plan line "1..N"; exits 1 if any failed
# shellcheck shell=sh
tap_n=0
tap_failed=0

tap() {
	tap_n=$((tap_n + 1))
	if [ "${1:-0}" = 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=1
	fi
	[ $# -ge 3 ] && [ -s "$3" ] || return 0
	if [ "${V:-0}" = 1 ]; then
		sed 's/^/# /' "$3"
	elif [ "${1:-0}" != 0 ]; then
		sed -n 's/^/# /; 1,20p' "$3"
		[ "$(wc -l <"$3")" -le 20 ] || echo "#   ... $(($(wc -l <"$3") - 20)) more lines in $3"
	fi
	return 0
}

tap_skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

tap_done() {
	echo "1..$tap_n"
	exit $tap_failed
}
