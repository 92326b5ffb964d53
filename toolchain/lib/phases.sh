#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: phases.sh TIMES
# TIMES is what HUGESIZE_TIMES collected (toolchain/lib/quiet.sh, deps.sh):
# "SECONDS<tab>packages|step|check<tab>WHAT" per step. Prints the seconds by kind
# of step, with how many there were; steps overlap under make -j.
awk -F'\t' '
	$2 == "packages" { k = "Debian packages installed" }
	$2 == "check" { k = "check stages run (TAP)" }
	$2 == "step" {
		if ($3 ~ /\/sid\/|\/static-|stock-musl/) k = "sources and programs fetched"
		else if ($3 ~ /unpack\.log$|-source\.log$/) k = "sources unpacked"
		else if ($3 ~ /\/config\.log$/) k = "kernel configured"
		else if ($3 ~ /\/linux-[^\/]*\/build\.log$/) k = "kernel built"
		else if ($3 ~ /\/uapi-/) k = "kernel uapi headers installed"
		else if ($3 ~ /\/musl-[^\/]*-build\.log$/) k = "musl built"
		else if ($3 ~ /\/glibc-/) k = "glibc headers installed"
		else if ($3 ~ /kselftest/) k = "kernel selftests built"
		else k = "other: " $3
	}
	{ s[k] += $1; n[k]++ }
	END { for (k in s) printf "%6d s  %s (%d)\n", s[k], k, n[k] }' "${1:?usage: phases.sh TIMES}" | sort -k3
