#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: suite-root.sh SUITE TRIPLET DIR PACKAGE...
# A cross compiler that Debian 12 lacks, or has broken (gcc 12 for sh4
# drops tests of the T bit, doc/architectures.md), from a later Debian
# SUITE: a minimal root of it with PACKAGEs in DIR/root
# (toolchain/fresh/minbase-root.sh), and in DIR/bin one program
# TRIPLET-NAME for each of the root's, which runs it there
# (suite-run.sh). Put DIR/bin first in PATH and TRIPLET-gcc is that
# suite's. The machine's apt and dpkg are not touched.
set -eu
usage="usage: suite-root.sh SUITE TRIPLET DIR PACKAGE..."
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
suite=$1 triplet=$2 dir=$(realpath -m "$3")
shift 3
tools=$(realpath "$(dirname "$0")")
[ "$(id -u)" = 0 ] || { echo "error: debootstrap and chroot need root" >&2; exit 2; }
rm -rf --one-file-system "$dir"
"$tools/../fresh/minbase-root.sh" "$suite" "$dir/root" "$@"
mkdir -p "$dir/bin"
found=
for p in "$dir/root/usr/bin/$triplet"-*; do
	[ -x "$p" ] || continue
	name=${p##*/}
	printf '#!/bin/sh\nexec %s %s /usr/bin/%s "$@"\n' "$tools/suite-run.sh" "$dir/root" "$name" >"$dir/bin/$name"
	chmod 755 "$dir/bin/$name"
	found=1
done
[ -n "$found" ] || { echo "error: the $suite root has no /usr/bin/$triplet-*: is $* the right list?" >&2; exit 1; }
"$dir/bin/$triplet-gcc" --version | head -n 1
