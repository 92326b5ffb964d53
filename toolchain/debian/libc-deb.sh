#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: libc-deb.sh DSC DIR FORWARDED SUFFIX SERIES|none [build]
# Unpacks the Debian source package DSC into DIR (afresh) without its
# patches, adds SERIES to its debian/patches stack (quilt-stack.sh; the
# quilt output is kept in DIR/quilt.log) and, with a series, a changelog
# entry for version VERSION+SUFFIX. With "build", it then builds the source
# package (dpkg-source -b, for lintian's view of debian/patches) and the
# binary packages (dpkg-buildpackage -us -uc -b) into DIR, installing the
# Build-Depends first (apt-get build-dep, as root; otherwise it says what to
# run). Prints the tree's path last.
set -eu
usage="usage: libc-deb.sh DSC DIR FORWARDED SUFFIX SERIES|none [build]"
dsc=$(realpath "${1:?$usage}")
dir=$(realpath -m "${2:?$usage}")
forwarded=${3:?$usage}
suffix=${4:?$usage}
series=${5:?$usage}
build=${6:-}
here=$(realpath "$(dirname "$0")")
[ "$series" = none ] || series=$(realpath "$series")
step() { "$here/../lib/say.sh" debian "$1" >&2; }

source=$(sed -n 's/^Source: //p' "$dsc")
version=$(sed -n 's/^Version: //p' "$dsc")
upstream=${version#*:}
upstream=${upstream%-*}
tree=$dir/$source-$upstream
rm -rf "$dir" && mkdir -p "$dir"
dpkg-source --skip-patches -x "$dsc" "$tree" >"$dir/unpack.log" 2>&1 ||
	{ cat "$dir/unpack.log" >&2; echo "error: dpkg-source -x $dsc failed" >&2; exit 1; }
"$here/quilt-stack.sh" "$tree" "$forwarded" "$series" >"$dir/quilt.log" ||
	{ echo "  (quilt's output: $dir/quilt.log)" >&2; exit 1; }

if [ "$series" != none ]; then
	# One entry on top of Debian's, in the distribution this machine runs.
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-unstable}")
	{
		echo "$source ($version$suffix) $codename; urgency=medium"
		echo
		# "Local package" tells lintian this is not a non-maintainer upload.
		echo "  * Local package: add the hugesize series (debian/patches/hugesize/),"
		echo "    which completes the huge page size flags MAP_HUGE_*, SHM_HUGE_* and"
		echo "    MFD_HUGE_*:"
		for p in $(sed -n 's|^hugesize/||p' "$tree/debian/patches/series"); do
			sed -n 's/^Description: /    - /p' "$tree/debian/patches/hugesize/$p"
		done | fold -s -w 72 | sed 's/^\([^ ]\)/      \1/'
		echo
		echo " -- ${DEBFULLNAME:-hugesize developers} <${DEBEMAIL:-dev@hugesize.invalid}>  $(date -R)"
		echo
		cat "$tree/debian/changelog"
	} >"$dir/changelog"
	mv "$dir/changelog" "$tree/debian/changelog"
fi
[ "$build" = build ] || { echo "$tree"; exit 0; }

if ! (cd "$tree" && dpkg-checkbuilddeps) 2>"$dir/builddeps.log"; then
	if [ "$(id -u)" != 0 ]; then
		cat "$dir/builddeps.log" >&2
		echo "  run: sudo apt-get build-dep $tree" >&2
		exit 1
	fi
	step "installing the Build-Depends of $source"
	DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 build-dep -y --no-install-recommends "$tree" >>"$dir/builddeps.log" 2>&1 ||
		{ cat "$dir/builddeps.log" >&2; echo "error: apt-get build-dep $tree failed" >&2; exit 1; }
fi
step "dpkg-source -b $(basename "$tree")"
ln -sf "$(dirname "$dsc")/${source}_$upstream.orig".* "$dir/"
(cd "$dir" && dpkg-source -b "$(basename "$tree")") >"$dir/source.log" 2>&1 ||
	{ cat "$dir/source.log" >&2; echo "error: dpkg-source -b $tree failed" >&2; exit 1; }
step "dpkg-buildpackage -us -uc -b in $tree"
(cd "$tree" && DEB_BUILD_OPTIONS="parallel=$(nproc) ${DEB_BUILD_OPTIONS:-}" dpkg-buildpackage -us -uc -b) >"$dir/build.log" 2>&1 ||
	{ tail -n 25 "$dir/build.log" >&2; echo "error: dpkg-buildpackage failed; full log: $dir/build.log" >&2; exit 1; }
echo "$tree"
