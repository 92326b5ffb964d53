#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: outgoing.sh SERIES-DIR OUT 'Name <email>' TO [CC...]
#
# Re-exports the mail series of SERIES-DIR (its cover letter 0000-*.patch and
# its patches, toolchain/lib/series.sh --mail) into OUT for git send-email, as the
# submitter: From: and Signed-off-by: of the project's neutral identity
# become 'Name <email>', the cover letter's shortlog names them, and every
# message gets To: TO and Cc: CC... A placeholder identity (the project's,
# or an address at a reserved or noreply domain: .invalid, .test, .local,
# .localhost, .example, example.com/.net/.org)
# is refused: mail must come from a person who can answer it.
set -eu
usage="usage: outgoing.sh SERIES-DIR OUT 'Name <email>' TO [CC...]"
dir=${1:?$usage} out=${2:?$usage} id=${3:?$usage} to=${4:?$usage}
shift 4
neutral='hugesize developers <dev@hugesize.invalid>'

name=${id%% <*} email=$(echo "$id" | sed -n 's/^[^<]*<\([^<>@ ]*@[^<>@ ]*\)>$/\1/p')
case $email in
'' | *.invalid | *.test | *.local | *.localhost | *.example | *@example.??? | *.example.??? | *noreply*)
	echo "error: '$id' is not a submitter's identity: set yours with" >&2
	echo "  git config user.name 'Your Name'; git config user.email 'you@your.domain'" >&2
	echo "  or make outgoing SUBMITTER='Your Name <you@your.domain>'" >&2
	exit 1 ;;
esac
[ "$name" != "${neutral%% <*}" ] && [ -n "$name" ] && [ "$name" != "$id" ] ||
	{ echo "error: '$id' has no name of a person in front of <$email>" >&2; exit 1; }

patches=$("$(dirname "$0")/../lib/series.sh" --mail "$dir")
rm -rf "$out" && mkdir -p "$out"
for p in $(cd "$dir" && ls 0000-*.patch 2>/dev/null) $patches; do
	{
		echo "To: $to"
		[ $# = 0 ] || printf 'Cc: %s\n' "$@"
	} >"$out/headers"
	# The headers go after the mbox line and From:; sed's r appends after the line.
	sed -e "s|^From: $neutral\$|From: $id|" -e "/^From: $id\$/r $out/headers" \
		-e "s|^Signed-off-by: $neutral\$|Signed-off-by: $id|" \
		-e "s|^${neutral%% <*} (\([0-9]*\)):\$|$name (\1):|" "$dir/$p" >"$out/$p"
	! grep -q 'hugesize\.invalid' "$out/$p" ||
		{ echo "error: $out/$p still names the project's identity" >&2; exit 1; }
done
rm "$out/headers"
echo "$out: $(ls "$out" | wc -l) messages to $to; send with: git send-email $out/*.patch"
