#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: initramfs.sh OUT INIT HUGESIZE DEMO BUSYBOX TEST...
# Packs the guest's root file system: INIT as /init, the static BUSYBOX (of
# the guest's architecture) and its applets in /bin, the hugesize tool, the demo script as /bin/demo, and every
# TEST program in /tests, where /init runs them in name order.
set -eu
out=$1 init=$2 tool=$3 demo=$4 busybox=$5
shift 5
root=$out.root
rm -rf "$root"
mkdir -p "$root/bin" "$root/tests" "$root/etc"
install -m 755 "$init" "$root/init"
install -m 755 "$tool" "$root/bin/hugesize"
install -m 755 "$demo" "$root/bin/demo"
install -m 755 "$busybox" "$root/bin/busybox"
# A busybox of another architecture does not run here; the build machine's,
# from the same Debian release, has the same applets.
applets=$("$busybox" --list 2>/dev/null || /bin/busybox --list)
for applet in $applets; do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
for t in "$@"; do
	[ -f "$t" ] || { echo "error: test program $t does not exist" >&2; exit 1; }
	if readelf -l "$t" 2>/dev/null | grep -q 'INTERP'; then
		echo "error: $t is dynamically linked; the guest has no shared libraries: link it with -static" >&2
		exit 1
	fi
	install -m 755 "$t" "$root/tests/$(basename "$t")"
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
