#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: bench-pipeline.sh [--cold]
# Prints the pipeline's figures against their goals: a warm `make check`
# (run twice, the second timed), the guest's boot to its first test, and with
# --cold a `make check` in a fresh clone of HEAD (Debian packages installed).
set -eu -o pipefail
cd "$(dirname "$0")/.."
# The makes timed here are the user's own, not part of the make that runs this.
unset MAKEFLAGS MFLAGS MAKELEVEL
seconds() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; echo "$(date +%s.%N) - $s" | bc; }

make check >/dev/null 2>&1 || true
warm=$(seconds make check)
# The default architecture's main guest.
boot=$(sed -n 's/^# init: first test at \(.*\) s of uptime/\1/p' build/guest/*-x86_64/check-guest-musl.check.log |
	tail -n 1)
printf '%-40s %8.1f s   (goal <= 45 s)\n' "warm make check, nothing changed" "$warm"
printf '%-40s %8s s   (goal <= 2 s)\n' "guest boot to first test (uptime)" "${boot:-?}"
if [ "${1:-}" = --cold ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	git clone -q . "$dir/hugesize"
	cold=$(seconds make -C "$dir/hugesize" check)
	printf '%-40s %8.1f s\n' "cold make check, fresh clone" "$cold"
fi
