#!/bin/sh
# SPDX-License-Identifier: MIT
usage="usage: outgoing.sh [--signoff --dco-certified] --assisted-by AGENT:MODEL|LLM
                   SERIES-DIR OUT 'Name <email>' TO [CC...]"
#
# Re-exports the mail series of SERIES-DIR (its cover letter 0000-*.patch and
# its patches, toolchain/lib/series.sh --mail) into OUT for git send-email,
# as the submitter: From: becomes 'Name <email>', the cover letter's
# shortlog names them, every message gets To: TO and Cc: CC..., and each
# patch ends its trailers with
#   Assisted-by: AGENT:MODEL          (the tool the patches were made with;
#                                     the kernel's form since 7.3 is "LLM")
#   Signed-off-by: Name <email>       (--signoff: kernel, glibc; not musl)
# The stored patches have no Signed-off-by: only the submitter can certify
# the Developer's Certificate of Origin, so --signoff is refused without
# --dco-certified. Refused too: an identity that is not a person's (the
# project's, a team or list name, an address at a reserved or noreply
# domain), and a patch that Cc's stable without a Fixes: tag.
set -eu
signoff= dco= assisted=
while [ $# -gt 0 ]; do
	case $1 in
	--signoff) signoff=1 ;;
	--dco-certified) dco=1 ;;
	--assisted-by) assisted=${2-}; shift ;;
	-*) echo "$usage" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
dir=${1:?$usage} out=${2:?$usage} id=${3:?$usage} to=${4:?$usage}
shift 4
neutral='hugesize developers <dev@hugesize.invalid>'
refuse() { echo "error: $*" >&2; exit 1; }

name=${id%% <*} email=$(echo "$id" | sed -n 's/^[^<]*<\([^<>@ ]*@[^<>@ ]*\)>$/\1/p')
case $email in
'' | *.invalid | *.test | *.local | *.localhost | *.example | *@example.??? | *.example.??? | *noreply*)
	refuse "'$id' is not a submitter's identity: set yours with
  git config user.name 'Your Name'; git config user.email 'you@your.domain'
  or make outgoing SUBMITTER='Your Name <you@your.domain>'" ;;
esac
[ -n "$name" ] && [ "$name" != "$id" ] ||
	refuse "'$id' has no name of a person in front of <$email>"
# A sign-off is a person's: no project, team, list or robot names.
generic='developers|devs|team|maintainers|project|contributors|admins?|robot|bot|hugesize|your name'
! echo "$name" | grep -Eqiw "$generic" && ! echo "${email%@*}" | grep -Eqix "$generic|dev|devel|info|root|list|git" ||
	refuse "'$id' names a group or a role, not the person who sends and answers these mails"
[ -z "$signoff" ] || [ -n "$dco" ] ||
	refuse "signing off certifies the Developer's Certificate of Origin 1.1
  (the kernel's Documentation/process/submitting-patches.rst, 'Sign your work')
  for every patch: review each one, and certify it with DCO=yes (--dco-certified)"
echo "$assisted" | grep -Eq '^([^: ]+:[^: ]+|LLM)( [^ ]+)*$' ||
	refuse "say which AI coding assistant and model made these patches:
  make outgoing ASSISTED_BY='AGENT:MODEL' (outgoing.sh --assisted-by; the kernel's
  series take 'LLM', Documentation/process/coding-assistants.rst of 7.3)"

patches=$("$(dirname "$0")/../lib/series.sh" --mail "$dir")
for p in $patches; do
	! grep -Eq '^Cc: <?stable@vger\.kernel\.org' "$dir/$p" || grep -q '^Fixes: ' "$dir/$p" ||
		refuse "$dir/$p Cc's stable but has no Fixes: tag: stable takes fixes only"
done

rm -rf "$out" && mkdir -p "$out"
{
	echo "To: $to"
	[ $# = 0 ] || printf 'Cc: %s\n' "$@"
} >"$out/headers"
trailers="Assisted-by: $assisted${signoff:+
Signed-off-by: $id}"
for p in $(cd "$dir" && ls 0000-*.patch 2>/dev/null) $patches; do
	# The headers go after the mbox line and From:; sed's r appends after the line.
	sed -e "s|^From: $neutral\$|From: $id|" -e "/^From: $id\$/r $out/headers" \
		-e "s|^${neutral%% <*} (\([0-9]*\)):\$|$name (\1):|" "$dir/$p" |
	case $p in
	0000-*) cat ;;
	# The trailers close the message, before the --- line: in its last
	# paragraph when that is trailers already, else in one of their own.
	*) awk -v trailers="$trailers" '
		!cut && /^$/ && !body { body = 1 }
		!cut && $0 == "---" {
			cut = 1
			while (n && buf[n] == "") n--
			for (i = 1; i <= n; i++) print buf[i]
			tags = inbody[n]
			for (i = n; i > 0 && buf[i] != ""; i--) if (buf[i] !~ /^[A-Za-z-]+: /) tags = 0
			if (!tags) print ""
			print trailers
		}
		!cut { buf[++n] = $0; inbody[n] = body; next }
		{ print }' ;;
	esac >"$out/$p"
	! grep -q 'hugesize\.invalid' "$out/$p" ||
		refuse "$out/$p still names the project's identity"
done
rm "$out/headers"
echo "$out: $(ls "$out" | wc -l) messages to $to; send with: git send-email $out/*.patch"
