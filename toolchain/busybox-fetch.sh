#!/bin/sh
# Usage: busybox-fetch.sh DEBARCH DIR
# Puts Debian's static busybox for the architecture DEBARCH (arm64, i386,
# ...) in DIR/bin/busybox: `apt-get download busybox-static` from the archive
# and suite the system takes its own busybox-static from, through apt lists
# for DEBARCH kept in DIR/apt. The system's apt configuration and dpkg
# architectures stay untouched.
set -eu
usage="usage: busybox-fetch.sh DEBARCH DIR"
debarch=${1:?$usage}
dir=$(realpath -m "${2:?$usage}")
apt=$dir/apt

# "busybox-static | 1:1.35.0-4+b3 | URI SUITE/COMPONENT ARCH Packages"
where=$(apt-cache madison busybox-static | awk '$NF == "Packages" { print $5, $6; exit }')
[ -n "$where" ] || { echo "error: apt offers no busybox-static; run apt-get update" >&2; exit 1; }
# shellcheck disable=SC2086 # URI and SUITE/COMPONENT
set -- $where
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
signed=; [ -f $keyring ] && signed=" signed-by=$keyring"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
echo "deb [arch=$debarch$signed] $1 ${2%%/*} ${2#*/}" >"$apt/sources.list"
aptget() {
	apt-get -q -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
		-o APT::Architecture="$debarch" -o APT::Architectures="$debarch" \
		-o APT::Sandbox::User=root "$@"
}
aptget update
rm -rf "$apt/deb" && mkdir -p "$apt/deb"
(cd "$apt/deb" && aptget download "busybox-static:$debarch")
dpkg-deb -x "$apt"/deb/busybox-static_*.deb "$dir/root"
install -D -m 755 "$dir/root/bin/busybox" "$dir/bin/busybox"
file "$dir/bin/busybox"
