#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: fuzz.sh FUZZER WORKDIR SECONDS
# Runs the libFuzzer target for SECONDS from a small seed corpus and prints
# one TAP line: ok when it ended on time without a crash.
set -u
fuzzer=$(realpath "$1") work=$2 seconds=$3
mkdir -p "$work/corpus"
cd "$work" || exit 1
# Seeds. The first byte picks the mode (see fuzz.c): 'P' (even) parses,
# 'G' (odd, key, kB) scans meminfo, 'A' (odd) scans a sysfs counter.
printf 'P2MiB' >corpus/parse-2mib
printf 'P16G' >corpus/parse-16g
printf 'P9223372036854775808' >corpus/parse-overflow
printf 'GMemTotal: 1 kB\nHugepagesize:       2048 kB\n' >corpus/meminfo
printf 'A42\n' >corpus/sysfs
rm -f crash-* leak-* timeout-*
"$fuzzer" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 corpus >fuzz.log 2>&1
status=$?
echo "TAP version 13"
echo "1..1"
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' fuzz.log)
if [ $status = 0 ] && [ -n "$runs" ]; then
	echo "ok 1 - libFuzzer on hugesize_parse and the meminfo/sysfs scanner: $runs runs in ${seconds}s, no crash"
else
	echo "not ok 1 - libFuzzer found a problem (exit $status); the input is in $work/crash-*"
	tail -n 30 fuzz.log | sed 's/^/# /'
fi
