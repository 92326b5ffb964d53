#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: git-series.sh TARBALL GITDIR [SERIES...]
# Makes GITDIR a git repository of the source TARBALL as it is (one commit,
# tagged "pristine", made once per tarball), then applies each quilt SERIES
# file's patches (toolchain/lib/series.sh) on a branch "series" with git am,
# as a maintainer takes them: no fuzz, no three-way merge. Ends on that
# branch with one commit a patch, ready to edit (git rebase -i pristine)
# and export again (git format-patch). Fails naming the first patch that
# does not apply.
set -eu
usage="usage: git-series.sh TARBALL GITDIR [SERIES...]"
tarball=$(realpath "${1:?$usage}")
gitdir=${2:?$usage}
shift 2
here=$(realpath "$(dirname "$0")")
git() { command git -C "$gitdir" -c user.name='hugesize developers' -c user.email=dev@hugesize.invalid "$@"; }

stamp=$(stat -c '%s %Y' "$tarball")
if [ "$(cat "$gitdir.tarball" 2>/dev/null)" != "$tarball $stamp" ]; then
	rm -rf "$gitdir" "$gitdir.tarball"
	"$here/unpack.sh" "$tarball" "$gitdir"
	git init -q
	git add -A -f .
	git commit -q -m "$(basename "$tarball") as Debian ships it"
	git tag pristine
	echo "$tarball $stamp" >"$gitdir.tarball"
fi
git am --abort 2>/dev/null || true
git checkout -q -f -B series pristine
git clean -q -fdx
for series in "$@"; do
	dir=$(dirname "$series")
	for p in $("$here/series.sh" "$series"); do
		git am -q --keep-cr "$(realpath "$dir/$p")" || {
			git am --abort
			echo "error: $dir/$p does not apply with git am to $(basename "$tarball") + the patches before it" >&2
			exit 1
		}
	done
done
echo "$gitdir: branch series, $(git rev-list --count pristine..series) patches on $(basename "$tarball")"
