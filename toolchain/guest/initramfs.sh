#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: initramfs.sh OUT --init=FILE --hugesize=FILE --demo=FILE --busybox=FILE
#                         --bash=FILE --etc=DIR [TEST...]
# Packs the guest's root file system OUT: --init as /init, the static
# --busybox (of the guest's architecture) and its applets in /bin, the static
# --bash as /bin/bash, the hugesize tool as /bin/hugesize, the demo script
# as /bin/demo, the files of the folder --etc in /etc (passwd and group:
# root and nobody), and every TEST program in /tests, where /init runs them
# in name order. A TEST that is a folder (the kernel's selftests, for the
# program that runs them) goes to /NAME whole and is not run by /init itself.
set -eu
usage() { echo "usage: initramfs.sh OUT --init=FILE --hugesize=FILE --demo=FILE --busybox=FILE --bash=FILE --etc=DIR [TEST...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
out=$1
shift
init='' hugesize='' demo='' busybox='' bash='' etc=''
while [ $# -gt 0 ]; do
	case $1 in
	--init=*) init=${1#*=} ;;
	--hugesize=*) hugesize=${1#*=} ;;
	--demo=*) demo=${1#*=} ;;
	--busybox=*) busybox=${1#*=} ;;
	--bash=*) bash=${1#*=} ;;
	--etc=*) etc=${1#*=} ;;
	--*) echo "initramfs.sh: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
	shift
done
for part in init hugesize demo busybox bash etc; do
	eval "value=\${$part}"
	[ -n "$value" ] || { echo "initramfs.sh: --$part= is missing" >&2; usage; }
done
root=$out.root
rm -rf "$root"
mkdir -p "$root/bin" "$root/tests" "$root/etc" "$root/root"
install -m 755 "$init" "$root/init"
install -m 755 "$hugesize" "$root/bin/hugesize"
install -m 755 "$demo" "$root/bin/demo"
install -m 755 "$busybox" "$root/bin/busybox"
install -m 755 "$bash" "$root/bin/bash"
install -m 644 "$etc"/* "$root/etc/"
# A busybox of another architecture does not run here; the build machine's,
# from the same Debian release, has the same applets.
applets=$("$busybox" --list 2>/dev/null || /bin/busybox --list)
for applet in $applets; do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
static() {
	if readelf -l "$1" 2>/dev/null | grep -q 'INTERP'; then
		echo "error: $1 is dynamically linked; the guest has no shared libraries: link it with -static" >&2
		exit 1
	fi
}
for t in "$@"; do
	if [ -d "$t" ]; then
		cp -R "$t" "$root/$(basename "$t")"
		for f in "$t"/*; do static "$f"; done
		continue
	fi
	[ -f "$t" ] || { echo "error: test program $t does not exist" >&2; exit 1; }
	static "$t"
	install -m 755 "$t" "$root/tests/$(basename "$t")"
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
