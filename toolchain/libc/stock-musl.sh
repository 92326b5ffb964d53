#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: stock-musl.sh DEBARCH TRIPLET DIR
# Debian's musl as it is, for a guest architecture the build machine has no
# musl-gcc of: musl-dev of DEBARCH (headers, libc.a, crt files and its
# musl-gcc.specs) fetched and unpacked in DIR/root like static-fetch.sh does
# (`apt-get download` through the build's private apt source, from the
# archive and suite the machine takes its own musl-dev from; nothing
# installed), and DIR/bin/musl-gcc, Debian's musl-gcc wrapper for it: the
# cross compiler TRIPLET-gcc with the specs file, its /usr paths moved to
# DIR/root.
set -eu
usage="usage: stock-musl.sh DEBARCH TRIPLET DIR"
debarch=${1:?$usage}
triplet=${2:?$usage}
dir=$(realpath -m "${3:?$usage}")
tools=$(realpath "$(dirname "$0")/../deps")
command -v "$triplet-gcc" >/dev/null || { echo "error: $triplet-gcc not found" >&2; exit 1; }
origin=$("$tools/apt-private.sh" --origin musl-dev)
rm -rf "$dir/deb" "$dir/root" "$dir/bin" && mkdir -p "$dir/deb" "$dir/bin"
(cd "$dir/deb" && APT_ARCH=$debarch "$tools/apt-private.sh" "$dir/apt" \
	"deb [arch=$debarch] $origin" apt-get download "musl-dev:$debarch")
dpkg-deb -x "$dir"/deb/musl-dev_*.deb "$dir/root"
specs=$(find "$dir/root/usr/lib" -name musl-gcc.specs)
[ "$(echo "$specs" | wc -w)" = 1 ] || { echo "error: musl-dev for $debarch has no single musl-gcc.specs" >&2; exit 1; }
# Every absolute /usr/ path of the specs (includes, libraries, crt files)
# into the unpacked package; the dynamic linker's /lib path stays.
sed "s| /usr/| $dir/root/usr/|g; s|-L/usr/|-L$dir/root/usr/|g" "$specs" >"$dir/musl-gcc.specs"
if grep -q '[ L]/usr/' "$dir/musl-gcc.specs"; then
	echo "error: $dir/musl-gcc.specs still names /usr/:" >&2
	grep '[ L]/usr/' "$dir/musl-gcc.specs" >&2
	exit 1
fi
cat >"$dir/bin/musl-gcc" <<WRAPPER
#!/bin/sh
exec "\${REALGCC:-$triplet-gcc}" "\$@" -specs "$dir/musl-gcc.specs"
WRAPPER
chmod 755 "$dir/bin/musl-gcc"
dpkg-deb -f "$dir"/deb/musl-dev_*.deb Package Version Architecture
