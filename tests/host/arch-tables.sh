#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: arch-tables.sh
# TAP: each architecture's table (toolchain/arch/*.mk) is data: it calls no
# make function ($(call), $(eval), $(foreach), $(shell), ...) and defines only
# fields keyed by an architecture's name. A table may still name another
# table's field, as arm64-64k reads arm64's. Run from the top of the repository.
set -u
. "$(dirname "$0")/../lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for table in toolchain/arch/*.mk; do
	arch=$(basename "$table" .mk)
	sed 's/#.*//' "$table" | grep -nE '\$\((call|eval|foreach|shell|if|or|and|filter|subst|patsubst|wildcard|word|addprefix|addsuffix) ' >"$log"
	[ ! -s "$log" ]
	tap $? "$arch: the table calls no make function" "$log"
	sed 's/#.*//' "$table" | grep -E '^[A-Za-z]' | grep -vE "^[A-Z][A-Z0-9_]*_$arch(\.[a-z0-9-]+)? *(:=|=)" >"$log"
	[ ! -s "$log" ]
	tap $? "$arch: every line defines FIELD_$arch or FIELD_$arch.STAGE" "$log"
done
tap_done
