#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: install.sh DESTDIR
# make install into an empty DESTDIR, then use what it put there as a user
# would: pkg-config, a program built with its --cflags, man -l, the tool;
# then make uninstall must take it all away again. make runs as a user types
# it, without the flags of a make that runs this test.
set -u
dest=$(realpath -m "${1:?usage: install.sh DESTDIR}") prefix=/usr/local
make() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory "$@"; }
root=$dest$prefix
. "$(dirname "$0")/../../lib/tap.sh"
rm -rf "$dest"
echo "TAP version 13"
files="include/hugesize-compat.h share/pkgconfig/hugesize-compat.pc
share/man/man7/hugesize-compat.7 share/man/man1/hugesize.1 bin/hugesize"

log=$(make install DESTDIR="$dest" PREFIX=$prefix 2>&1)
status=$?
tap $status "make install DESTDIR=... PREFIX=$prefix"
[ $status = 0 ] || sed 's/^/# /' <<<"$log"
missing=
for f in $files; do [ -f "$root/$f" ] || missing+=" $f"; done
tap "${missing:+1}" "it installs the header, pkg-config file, man pages and tool${missing:+ (missing:$missing)}"

export PKG_CONFIG_PATH=$root/share/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
cflags=$(pkg-config --cflags hugesize-compat | xargs)
[ "$cflags" = "-I$root/include" ]
tap $? "pkg-config --cflags hugesize-compat gives -I<prefix>/include ($cflags)"
version=$(sed -n 's/^#define HUGESIZE_COMPAT_VERSION "\(.*\)"/\1/p' "$root/include/hugesize-compat.h")
[ -n "$version" ] && [ "$(pkg-config --modversion hugesize-compat)" = "$version" ]
tap $? "pkg-config --modversion matches the header's version ($version)"

prog=$dest/user-program
printf '%s\n' '#include <stdio.h>' '#include <hugesize-compat.h>' \
	'int main(void) { printf("%llx\n", (unsigned long long)hugesize_flags(1ULL << 30) | MAP_HUGE_2MB); return 0; }' |
	gcc -std=c11 -Wall -Wextra -Werror $cflags -x c - -o "$prog" 2>&1 | sed 's/^/# /'
[ "$("$prog" 2>&1)" = 7c000000 ]
tap $? "a program built with those cflags uses the installed header"

for page in man7/hugesize-compat.7 man1/hugesize.1; do
	warnings=$(MANWIDTH=80 man --warnings -l "$root/share/man/$page" 2>&1 >/dev/null)
	[ -z "$warnings" ] && [ "$(MANWIDTH=80 man -l "$root/share/man/$page" | wc -l)" -gt 20 ]
	tap $? "man -l renders $page without warnings"
	[ -n "$warnings" ] && sed 's/^/# /' <<<"$warnings"
done
"$root/bin/hugesize" --help | grep -q 'hugesize flags SIZE'
tap $? "the installed hugesize runs"

make uninstall DESTDIR="$dest" PREFIX=$prefix >/dev/null 2>&1
left=$(find "$dest" -type f ! -path "$prog")
tap "${left:+1}" "make uninstall removes every file it installed${left:+ (left: $left)}"
tap_done
