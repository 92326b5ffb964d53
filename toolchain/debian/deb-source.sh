#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: deb-source.sh BINARY APTDIR DEST
# Downloads the Debian source package (.dsc and its tarballs) that the binary
# package BINARY is built from, at the version this machine has (installed,
# else apt's candidate), into DEST. The deb-src
# line follows the archive and suite the machine takes BINARY from, through
# the build's private apt source under APTDIR (toolchain/deps/apt-private.sh):
# the machine's apt configuration is not touched. Nothing is unpacked; the
# .dsc's path is written last, into DEST/dsc.
set -eu
usage="usage: deb-source.sh BINARY APTDIR DEST"
binary=${1:?$usage}
apt=$(realpath -m "${2:?$usage}")
dest=$(realpath -m "${3:?$usage}")
tools=$(realpath "$(dirname "$0")/../deps")

# "SOURCE VERSION" of the installed BINARY, else of apt's candidate.
if ! sv=$(dpkg-query -W -f='${db:Status-Abbrev} ${source:Package} ${source:Version}' "$binary" 2>/dev/null |
	awk '$1 == "ii" { print $2, $3 }') || [ -z "$sv" ]; then
	sv=$(apt-cache show --no-all-versions "$binary" 2>/dev/null | awk '
		/^Package: / { src = $2 } /^Version: / { v = $2 }
		/^Source: / { src = $2; if ($3 ~ /^\(/) { sv = $3; gsub(/[()]/, "", sv) } }
		END { if (v != "") print src, (sv != "" ? sv : v) }')
fi
[ -n "$sv" ] || { echo "error: apt knows no package $binary; run apt-get update" >&2; exit 1; }
set -- $sv
source=$1 version=$2
origin=$("$tools/apt-private.sh" --origin "$binary" "${version%%-*}")
mkdir -p "$dest" "$(dirname "$apt")"
# One apt at a time on APTDIR's lists: make may fetch two sources at once.
(cd "$dest" && flock "$apt.lock" "$tools/apt-private.sh" "$apt" "deb-src $origin" \
	apt-get source --download-only "$source=$version") >&2 ||
	{ echo "error: cannot download the source of $source $version from $origin (deb-src)" >&2; exit 1; }
dsc=$dest/${source}_${version#*:}.dsc
[ -f "$dsc" ] || { echo "error: apt-get source did not leave $dsc" >&2; exit 1; }
echo "$dsc" >"$dest/dsc"
