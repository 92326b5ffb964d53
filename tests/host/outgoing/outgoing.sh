#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: outgoing.sh WORKDIR SERIES-DIR...
# TAP: toolchain/outgoing/outgoing.sh refuses what must not be mailed (an
# identity that is not a person's, a sign-off without the DCO certified, no
# Assisted-by, a stable Cc without Fixes:), and for each mail series writes
# every message (cover letter and every .patch of its folder) from the
# submitter, with To: and Cc:, each patch closed by Assisted-by: and, where
# the project signs off (not musl), the submitter's Signed-off-by:, nothing
# of the neutral identity left, and stable@ only on a patch with Fixes:.
set -u
here=$(dirname "$0")
. "$here/../../lib/tap.sh"
tool=$here/../../../toolchain/outgoing/outgoing.sh
work=${1:?usage: outgoing.sh WORKDIR SERIES-DIR...}
shift
rm -rf "$work" && mkdir -p "$work"
id='Ada Lovelace <ada@lovelace.name>'
ok='--signoff --dco-certified --assisted-by Agent:model-1'

refused() { # WHAT IDENTITY SERIES-DIR FLAGS...: the export fails and says why
	what=$1 who=$2 dir=$3; shift 3
	! "$tool" "$@" "$dir" "$work/refused" "$who" list@lists.test >"$work.log" 2>&1 &&
		grep -q '^error: ' "$work.log"
	tap $? "refuses $what" "$work.log"
}
for bad in 'hugesize developers <dev@hugesize.invalid>' 'Seed <maintainers@users.noreply.host.example>' \
	'Someone <someone@example.com>' '<nobody@lovelace.name>' 'hugesize developers <dev@lovelace.name>' \
	'Kernel Team <kernel@lovelace.name>' 'Ada Lovelace <maintainers@lovelace.name>'; do
	refused "the identity '$bad'" "$bad" "$1" $ok
done
refused 'a sign-off without --dco-certified' "$id" "$1" --signoff --assisted-by Agent:model-1
refused 'no --assisted-by' "$id" "$1" --signoff --dco-certified
refused 'an Assisted-by that is not AGENT:MODEL' "$id" "$1" --signoff --dco-certified --assisted-by Agent
# make outgoing without ASSISTED_BY: an empty value, and the error says how to give it.
refused 'an empty --assisted-by' "$id" "$1" --signoff --dco-certified --assisted-by ''
grep -q "ASSISTED_BY=" "$work.log"
tap $? "the refusal of an empty --assisted-by names ASSISTED_BY" "$work.log"
# A series whose patch Cc's stable but fixes nothing.
mkdir -p "$work/stable-nofix"
cp "$1/0000-cover-letter.patch" "$work/stable-nofix/"
p=$(ls "$1"/0001-*.patch | head -1)
sed '/^---$/i Cc: stable@vger.kernel.org' "$p" | sed '/^Fixes: /d' >"$work/stable-nofix/$(basename "$p")"
basename "$p" >"$work/stable-nofix/series"
refused "a patch that Cc's stable without Fixes:" "$id" "$work/stable-nofix" $ok

for dir in "$@"; do
	out=$work/$(echo "$dir" | tr / -)
	case $dir in */musl/*) flags='--assisted-by Agent:model-1' ;; *) flags=$ok ;; esac
	"$tool" $flags "$dir" "$out" "$id" list@lists.test cc@lists.test >"$work.log" 2>&1
	tap $? "$dir: exported" "$work.log"
	# Every patch file of the folder is one message: none left behind.
	want=$(ls "$dir"/*.patch | wc -l)
	bad=
	[ "$(ls "$out" | wc -l)" = "$want" ] || bad="$bad count"
	for m in "$out"/*.patch; do
		n=$(basename "$m")
		grep -qx "From: $id" "$m" && grep -qx 'To: list@lists.test' "$m" &&
			grep -qx 'Cc: cc@lists.test' "$m" || bad="$bad $n:headers"
		! grep -q 'hugesize\.invalid' "$m" || bad="$bad $n:neutral"
		! grep -q 'stable@' "$m" || grep -q '^Fixes: ' "$m" || bad="$bad $n:stable-without-fixes"
		case $n in 0000-*) continue ;; esac
		# The message's trailers, up to the --- line, end with ours.
		tail=$(sed -n '/^---$/q;p' "$m" | grep -v '^$' | tail -2)
		case $flags in
		*--signoff*) [ "$tail" = "Assisted-by: Agent:model-1
Signed-off-by: $id" ] ;;
		*) [ "$(echo "$tail" | tail -1)" = 'Assisted-by: Agent:model-1' ] && ! grep -q '^Signed-off-by:' "$m" ;;
		esac || bad="$bad $n:trailers"
	done
	[ -z "$bad" ]
	tap $? "$dir: $want messages from the submitter, with recipients and trailers${bad:+ (wrong:$bad)}"
	# A kernel fix Cc's the people of the commit it fixes, from kernel/fixes-cc.tsv.
	case $dir in kernel/*)
		"$here/../../../toolchain/outgoing/fixes-cc.sh" "$here/../../../kernel/fixes-cc.tsv" "$dir"/0*.patch \
			>"$work.log" 2>&1
		tap $? "$dir: every Fixes: has its people in kernel/fixes-cc.tsv" "$work.log" ;;
	esac
done
tap_done
