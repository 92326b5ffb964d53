#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: suite-run.sh ROOT PROGRAM [ARGUMENT...]
# Runs ROOT's PROGRAM (a root of suite-root.sh) with chroot, in the current
# directory, with the project and /tmp seen at their own paths: in a mount
# namespace of its own, so the bind mounts go when PROGRAM ends, whatever
# happens (nothing under build/ is ever left mounted). unshare needs "/" to
# be a mount point: in a chroot, make its root one first (as in-root.sh does).
set -eu
[ $# -ge 2 ] || { echo "usage: suite-run.sh ROOT PROGRAM [ARGUMENT...]" >&2; exit 2; }
root=$1
shift
top=$(cd "$(dirname "$0")/../.." && pwd -P)
here=$(pwd -P)
case $here/ in
"$top"/*|/tmp/*) ;;
*) echo "error: suite-run.sh: $1 runs in $here, which its root does not see (only $top and /tmp)" >&2; exit 2 ;;
esac
exec unshare --mount --propagation private sh -c '
	root=$1 top=$2 here=$3
	shift 3
	mkdir -p "$root$top" && mount --bind "$top" "$root$top" && mount --bind /tmp "$root/tmp" || exit 125
	exec chroot "$root" env PATH=/usr/bin:/bin sh -c "cd \"\$0\" && exec \"\$@\"" "$here" "$@"
' suite-run "$root" "$top" "$here" "$@"
