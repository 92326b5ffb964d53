#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: hugesize-deb.sh PACKAGING DIR
# Builds the Debian packages of hugesize (hugesize-compat-dev, hugesize)
# from this repository: the files git knows or would add (not those it
# ignores), as they are in the working tree, become DIR/hugesize-VERSION/,
# PACKAGING (a debian/ directory) is laid on top as debian/, and
# dpkg-buildpackage -us -uc -b puts the packages into DIR. VERSION is the
# upstream part of debian/changelog's version, which must be the header's
# HUGESIZE_COMPAT_VERSION. Run from the top of the repository.
set -eu
usage="usage: hugesize-deb.sh PACKAGING DIR"
packaging=${1:?$usage}
dir=$(realpath -m "${2:?$usage}")
[ -f "$packaging/changelog" ] || { echo "error: $packaging has no changelog; is it a debian/ directory?" >&2; exit 1; }

version=$(dpkg-parsechangelog -l "$packaging/changelog" -S Version)
upstream=${version%-*}
header=$(sed -n 's/^#define HUGESIZE_COMPAT_VERSION "\(.*\)"/\1/p' compat-header/hugesize-compat.h)
[ "$upstream" = "$header" ] || {
	echo "error: $packaging/changelog is at $version, the header at $header" >&2
	echo "  add a changelog entry for $header-1 to $packaging/changelog" >&2
	exit 1
}
tree=$dir/hugesize-$upstream
rm -rf "$dir" && mkdir -p "$tree"
git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
	tar --null -T - -cf - | tar -C "$tree" -xf -
cp -R "$packaging" "$tree/debian"
(cd "$tree" && dpkg-checkbuilddeps) || { echo "  run: apt-get build-dep $tree" >&2; exit 1; }
(cd "$tree" && dpkg-buildpackage -us -uc -b) >"$dir/build.log" 2>&1 ||
	{ tail -n 25 "$dir/build.log" >&2; echo "error: dpkg-buildpackage failed; full log: $dir/build.log" >&2; exit 1; }
echo "$tree"
