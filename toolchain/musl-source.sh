#!/bin/sh
# Usage: musl-source.sh SRC APT
# Fetches Debian's source package of musl 1.2.3 and unpacks it into SRC
# (which must not exist yet). The deb-src entry and apt's lists for it live
# under APT, pointing at the archive and suite the system already takes the
# musl binary package from; the system's apt configuration stays untouched.
# dpkg-source applies debian/patches while unpacking, as Debian's own build
# does (1.2.3-1 has none).
set -eu
src=${1:?usage: musl-source.sh SRC APT}
apt=${2:?usage: musl-source.sh SRC APT}
version=1.2.3

# Where the system's apt finds the binary package, from lines such as
# "musl | 1.2.3-1 | URI SUITE/COMPONENT ARCH Packages".
origin() {
	apt-cache madison musl | awk -v v="$version" \
		'index($3, v "-") == 1 && $NF == "Packages" { print $5, $6; exit }'
}
where=$(origin)
if [ -z "$where" ] && [ "$(id -u)" = 0 ]; then
	apt-get -q -o DPkg::Lock::Timeout=600 update >/dev/null
	where=$(origin)
fi
[ -n "$where" ] || { echo "error: apt offers no musl $version; run apt-get update" >&2; exit 1; }
# shellcheck disable=SC2086 # URI and SUITE/COMPONENT
set -- $where
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
signed=; [ -f $keyring ] && signed="[signed-by=$keyring] "

apt=$(realpath -m "$apt")
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
echo "deb-src $signed$1 ${2%%/*} ${2#*/}" >"$apt/sources.list"
aptget() {
	apt-get -q -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
		-o APT::Sandbox::User=root "$@"
}
aptget update
tmp=$src.fetching
rm -rf "$tmp"
mkdir -p "$tmp"
(cd "$tmp" && aptget source musl)
[ -d "$tmp/musl-$version" ] ||
	{ echo "error: apt-get source musl did not unpack musl-$version" >&2; exit 1; }
mv "$tmp/musl-$version" "$src"
rm -rf "$tmp"
