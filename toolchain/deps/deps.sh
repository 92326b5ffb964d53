#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: deps.sh PACKAGE...
# Installs the Debian packages that are missing: as root with apt-get (after
# one apt-get update); otherwise prints the command to run and fails. The
# sets are in toolchain/deps/deps.mk.
set -eu
# One at a time: a parallel make may ask for several sets at once.
exec 9>"${TMPDIR:-/tmp}/hugesize-deps.lock"
flock 9
installed=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null |
	awk '$1 == "ii" { print $2 }')
missing=
for p in "$@"; do
	printf '%s\n' "$installed" | grep -qx "$p" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "error: missing Debian packages:$missing" >&2
	echo "  run: sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi
printf '  %-8s %s\n' '[deps]' "installing$missing"
export DEBIAN_FRONTEND=noninteractive
lock="-o DPkg::Lock::Timeout=600"
apt-get $lock update -q >/dev/null ||
	{ echo "error: apt-get update failed; check the network and apt sources" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get $lock install -y -q --no-install-recommends $missing >/dev/null ||
	{ echo "error: apt-get install$missing failed" >&2; exit 1; }
