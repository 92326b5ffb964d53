#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: deps.sh PACKAGE[=VERSION]...
# Installs the Debian packages that are missing, or not at the VERSION asked
# for (a pinned package goes to exactly that version): as root with apt-get;
# otherwise prints the command to run and fails. apt-get update runs first
# only when apt has no package lists, and once more when an install fails
# (lists too old to know a package or its current version). The sets are in
# toolchain/deps/deps.mk.
set -eu
say() { "$(dirname "$0")/../lib/say.sh" deps "$*"; }
# One at a time: a parallel make may ask for several sets at once.
exec 9>"${TMPDIR:-/tmp}/hugesize-deps.lock"
flock 9
installed=$(for p in "$@"; do echo "${p%%=*}"; done |
	xargs dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version}\n' 2>/dev/null |
	awk '$1 == "ii" { print $2; print $2 "=" $3 }')
missing=
for p in "$@"; do
	printf '%s\n' "$installed" | grep -qxF "$p" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "error: missing Debian packages:$missing" >&2
	echo "  run: sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi
start=$(date +%s)
export DEBIAN_FRONTEND=noninteractive
lock="-o DPkg::Lock::Timeout=600"
log=${TMPDIR:-/tmp}/hugesize-deps.log
update() {
	say "apt-get update: $1"
	apt-get $lock update -q >"$log" 2>&1 || {
		cat "$log" >&2
		echo "error: apt-get update failed; check the network and /etc/apt/sources.list*" >&2
		exit 1
	}
}
install() {
	# shellcheck disable=SC2086
	apt-get $lock install -y -q --no-install-recommends --allow-downgrades $missing >"$log" 2>&1
}
# A pinned version the archive does not serve: what it serves, and the pin.
unserved() {
	for p in $missing; do
		case $p in *=*) ;; *) continue ;; esac
		served=$(apt-cache madison "${p%%=*}" 2>/dev/null | awk -F' *[|] *' '{ print $2 }')
		printf '%s\n' "$served" | grep -qxF "${p#*=}" && continue
		echo "error: the archive has no ${p%%=*} ${p#*=}; it serves:" $served >&2
		echo "  to move on, change the pin of ${p%%=*} in toolchain/deps/deps.mk (DEB_PIN)" >&2
	done
}
[ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' 2>/dev/null | head -n 1)" ] ||
	update "apt has no package lists yet"
say "installing$missing"
if ! install; then
	update "the install failed; retrying with fresh package lists"
	install || {
		tail -n 20 "$log" >&2
		unserved
		echo "error: apt-get install$missing failed (the set is in toolchain/deps/deps.mk)" >&2
		exit 1
	}
fi
seconds=$(($(date +%s) - start))
say "installed$missing in $seconds s"
[ -z "${HUGESIZE_TIMES:-}" ] || printf '%s\tpackages\t%s\n' "$seconds" "$missing" >>"$HUGESIZE_TIMES"
