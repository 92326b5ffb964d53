#!/bin/bash
# Usage: bench-pipeline.sh [--cold]
# Prints the pipeline's figures against their goals: a warm `make check`
# (run twice, the second timed), the guest's boot to its first test, and with
# --cold a `make check` in a fresh clone of HEAD (Debian packages installed).
set -eu -o pipefail
cd "$(dirname "$0")/.."
seconds() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; echo "$(date +%s.%N) - $s" | bc; }

make --no-print-directory check >/dev/null 2>&1 || true
warm=$(seconds make --no-print-directory check)
# The default architecture's guests: build/guest/KVER/, no -ARCH suffix.
boot=$(ls build/guest/*/check.log | grep -E '/[0-9.]+/check\.log$' |
	xargs -r sed -n 's/^# init: first test at \(.*\) s of uptime/\1/p' | tail -n 1)
printf '%-40s %8.1f s   (goal <= 20 s)\n' "warm make check, nothing changed" "$warm"
printf '%-40s %8s s   (goal <= 1.5 s)\n' "guest boot to first test (uptime)" "${boot:-?}"
if [ "${1:-}" = --cold ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	git clone -q . "$dir/hugesize"
	cold=$(seconds make -C "$dir/hugesize" --no-print-directory check)
	printf '%-40s %8.1f s   (goal <= 480 s)\n' "cold make check, fresh clone" "$cold"
fi
