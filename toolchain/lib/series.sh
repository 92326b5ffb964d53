#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: series.sh SERIES
#        series.sh --mail DIR
# The patches a quilt series file names, one a line, as paths relative to
# its folder (comments and blank lines left out).
# With --mail: the patches of the mail series in DIR (a folder of patches,
# with a 0000-cover-letter.patch unless it has one patch, as
# kernel/7.3/sh-fault/), as paths relative to DIR: those its own series
# file names, or else those of its parent's series file that are in DIR
# (kernel/7.3/series names fork-fix/0001-...; that is fork-fix/'s mail).
set -eu
usage="usage: series.sh SERIES | series.sh --mail DIR"
names() { sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^[[:space:]]*$/d' "$1"; }
if [ "${1:-}" != --mail ]; then
	names "${1:?$usage}"
	exit
fi
dir=${2:?$usage}
if [ -f "$dir/series" ]; then
	names "$dir/series" | grep -v /
elif [ -f "$(dirname "$dir")/series" ]; then
	names "$(dirname "$dir")/series" | sed -n "s|^$(basename "$dir")/\([^/]*\)\$|\1|p"
else
	echo "error: neither $dir nor its parent has a series file" >&2
	exit 1
fi
