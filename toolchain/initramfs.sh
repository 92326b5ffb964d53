#!/bin/sh
# Usage: initramfs.sh OUT INIT HUGESIZE DEMO TEST...
# Packs the guest's root file system: INIT as /init, static busybox and its
# applets in /bin, the hugesize tool, the demo script as /bin/demo, and every
# TEST program in /tests, where /init runs them in name order.
set -eu
out=$1 init=$2 tool=$3 demo=$4
shift 4
root=$out.root
rm -rf "$root"
mkdir -p "$root/bin" "$root/tests" "$root/etc"
install -m 755 "$init" "$root/init"
install -m 755 "$tool" "$root/bin/hugesize"
install -m 755 "$demo" "$root/bin/demo"
install -m 755 /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do
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
