#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: static-build.sh PACKAGE CC UAPI DIR
# For an architecture that Debian 12 and 13 have no port of (sh4), the
# static programs that static-fetch.sh takes from Debian's binary packages
# are built here from the same Debian source (this machine's version, with
# Debian's patches), statically with CC (the guest's musl-gcc) against the
# kernel headers in UAPI (bash 5.2 with -fpermissive: its termcap has
# implicit declarations, which gcc 14 refuses): busybox-static gives DIR/bin/busybox,
# bash-static DIR/bin/bash-static. The build is in DIR/build.
set -eu
usage="usage: static-build.sh busybox-static|bash-static CC UAPI DIR"
pkg=${1:?$usage} cc=$(realpath "${2:?$usage}") uapi=$(realpath "${3:?$usage}") dir=$(realpath -m "${4:?$usage}")
top=$(realpath "$(dirname "$0")/../..")
rm -rf "$dir" && mkdir -p "$dir/bin"
(cd "$top" && toolchain/debian/deb-source.sh "$pkg" "$dir/apt" "$dir/src")
dpkg-source --no-check -x "$(cat "$dir/src/dsc")" "$dir/build" >/dev/null
cd "$dir/build"
jobs=$(nproc)
case $pkg in
busybox-static)
	make -s defconfig
	# Static, and without the traffic control applet: its headers need
	# what newer uapi removed (CBQ), and the guest has no network.
	sed -i -e 's/^# CONFIG_STATIC is not set$/CONFIG_STATIC=y/' -e 's/^CONFIG_TC=y$/# CONFIG_TC is not set/' .config
	make -s oldconfig </dev/null >/dev/null
	make -s -j"$jobs" CC="$cc" HOSTCC=gcc STRIP="$("$cc" -dumpmachine)-strip" EXTRA_CFLAGS="-isystem $uapi" busybox
	install -m 755 busybox "$dir/bin/busybox"
	;;
bash-static)
	# bash 5.2's configure adds its own strtoimax when its cached answer
	# is "yes" (the test is inverted), which clashes with musl's in the
	# static link: "no" keeps it out.
	./configure --host="$("$cc" -dumpmachine)" --enable-static-link --without-bash-malloc \
		--disable-nls bash_cv_func_strtoimax=no CC="$cc" CFLAGS="-O2 -fpermissive -isystem $uapi" >configure.out
	make -s -j"$jobs"
	install -m 755 bash "$dir/bin/bash-static"
	;;
*) echo "$usage" >&2; exit 2 ;;
esac
file "$dir/bin/"*
