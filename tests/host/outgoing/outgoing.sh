#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: outgoing.sh WORKDIR SERIES-DIR...
# TAP: toolchain/outgoing/outgoing.sh refuses placeholder identities, and
# for each mail series writes every message (cover letter and the patches of
# its series: every .patch file of its folder) with the submitter in From:
# and any Signed-off-by:, To: set, and nothing of the project's neutral
# identity left.
set -u
here=$(dirname "$0")
. "$here/../../lib/tap.sh"
tool=$here/../../../toolchain/outgoing/outgoing.sh
work=${1:?usage: outgoing.sh WORKDIR SERIES-DIR...}
shift
id='Ada Lovelace <ada@lovelace.name>'
for bad in 'hugesize developers <dev@hugesize.invalid>' 'Seed <maintainers@users.noreply.host.example>' \
	'Someone <someone@example.com>' '<nobody@lovelace.name>'; do
	! "$tool" "$1" "$work/refused" "$bad" to@lists.test >"$work.log" 2>&1 && grep -q error "$work.log"
	tap $? "refuses the placeholder identity '$bad'" "$work.log"
done
for dir in "$@"; do
	out=$work/$(echo "$dir" | tr / -)
	"$tool" "$dir" "$out" "$id" list@lists.test cc@lists.test >"$work.log" 2>&1
	tap $? "$dir: exported" "$work.log"
	# Every patch file of the folder is one message: none left behind.
	want=$(ls "$dir"/*.patch | wc -l)
	bad=
	[ "$(ls "$out" | wc -l)" = "$want" ] || bad="$bad count"
	for m in "$out"/*.patch; do
		grep -qx "From: $id" "$m" && grep -qx 'To: list@lists.test' "$m" &&
			grep -qx 'Cc: cc@lists.test' "$m" || bad="$bad $(basename "$m"):headers"
		! grep -q 'hugesize\.invalid' "$m" || bad="$bad $(basename "$m"):neutral"
		# musl takes no Signed-off-by; where the stored patch has one, it is the submitter's.
		! grep -q '^Signed-off-by:' "$dir/$(basename "$m")" || grep -qx "Signed-off-by: $id" "$m" ||
			bad="$bad $(basename "$m"):sob"
	done
	[ -z "$bad" ]
	tap $? "$dir: $want messages from and signed off by the submitter, with recipients${bad:+ (wrong:$bad)}"
done
tap_done
