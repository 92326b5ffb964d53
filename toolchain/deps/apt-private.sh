#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: apt-private.sh DIR 'deb[-src] [OPTIONS] URI SUITE COMPONENT' apt-get|apt-cache ARGS...
#        apt-private.sh --origin PACKAGE [VERSION]
#
# The one private apt source of the build: runs apt-get or apt-cache with a sources list,
# package lists and cache of its own under DIR, so that packages of another
# architecture or another Debian suite (sid), or a source package, can be
# fetched without touching the machine's apt configuration or dpkg's state.
# The lists are updated when the source line changes or is a day old.
# APT_ARCH=DEBARCH makes DEBARCH the architecture apt resolves for.
#
# --origin prints "URI SUITE COMPONENT" of the archive the machine's own apt
# takes PACKAGE (at VERSION, if given) from, for a source line that follows it.
set -eu
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

if [ "${1:-}" = --origin ]; then
	pkg=${2:?usage: apt-private.sh --origin PACKAGE [VERSION]}
	# "musl | 1.2.3-1 | URI SUITE/COMPONENT ARCH Packages"
	where() {
		apt-cache madison "$pkg" | awk -v v="${3:-}" \
			'(v == "" || index($3, v "-") == 1) && $NF == "Packages" { split($6, s, "/"); print $5, s[1], s[2]; exit }'
	}
	out=$(where "$@")
	if [ -z "$out" ] && [ "$(id -u)" = 0 ]; then
		apt-get -q -o DPkg::Lock::Timeout=600 update >/dev/null
		out=$(where "$@")
	fi
	[ -n "$out" ] || { echo "error: apt knows no $pkg ${3:-}; run apt-get update" >&2; exit 1; }
	echo "$out"
	exit 0
fi

usage="usage: apt-private.sh DIR 'deb URI SUITE COMPONENT' apt-get|apt-cache ARGS..."
dir=$(realpath -m "${1:?$usage}")
line=${2:?$usage}
tool=${3:?$usage}
shift 3
case $tool in apt-get | apt-cache) ;; *) echo "$usage" >&2; exit 2 ;; esac
signed=
[ -f $keyring ] && signed="signed-by=$keyring"
# "deb [arch=arm64] URI ..." or "deb URI ...": our keyring joins the options.
case $line in
*"["*) line=$(echo "$line" | sed "s|\[|[$signed |") ;;
*) [ -n "$signed" ] && line=$(echo "$line" | sed "s|^\([a-z-]*\) |\1 [$signed] |") ;;
esac

# apt TOOL ARGS...
apt() {
	t=$1
	shift
	"$t" -q -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache" \
		-o Dir::State::Status="$dir/status" -o APT::Sandbox::User=root \
		${APT_ARCH:+-o APT::Architecture=$APT_ARCH -o APT::Architectures=$APT_ARCH} "$@"
}
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
# Two fetches from one suite under make -j share DIR: one at a time.
exec 9>"$dir/lock"
flock 9
[ -f "$dir/status" ] || : >"$dir/status"
if [ "$(cat "$dir/sources.list" 2>/dev/null)" != "$line" ] ||
	[ -z "$(find "$dir/lists" -maxdepth 1 -name '*Release' -mtime -1)" ]; then
	echo "$line" >"$dir/sources.list"
	apt apt-get update
fi
apt "$tool" "$@"
