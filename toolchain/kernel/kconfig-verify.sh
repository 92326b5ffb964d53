#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: kconfig-verify.sh CONFIG FRAGMENT...
# Fails, naming them, when options that the FRAGMENTs set did not end up in
# CONFIG: olddefconfig drops an option silently when its dependencies are
# not met, and a guest missing one fails much later and far less clearly.
# As in merge_config.sh, a later fragment's word on a symbol is the one
# that counts (an architecture's fragment may turn off what guest.config
# turns on, where the architecture has no such thing).
set -eu
usage="usage: kconfig-verify.sh CONFIG FRAGMENT..."
config=${1:?$usage}
shift
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }
# "SYMBOL<TAB>FRAGMENT<TAB>LINE", the last of each symbol.
wanted=$(awk '
	/^CONFIG_[A-Za-z0-9_]+=/ { sym = $0; sub(/=.*/, "", sym) }
	/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { sym = $2 }
	sym != "" { if (!(sym in line)) order[n++] = sym; line[sym] = $0; file[sym] = FILENAME; sym = "" }
	END { for (i = 0; i < n; i++) print order[i] "\t" file[order[i]] "\t" line[order[i]] }' "$@")
bad=0
tab=$(printf '\t')
while IFS=$tab read -r sym fragment want; do
	grep -qxF "$want" "$config" && continue
	[ "${want#\#}" != "$want" ] && ! grep -q "^$sym=" "$config" && continue
	have=$(grep -E "^$sym=|^# $sym is not set" "$config" || echo "absent")
	echo "error: $fragment wants '$want' but the config has '$have'" >&2
	bad=1
done <<END
$wanted
END
[ $bad = 0 ] || { echo "error: fix the options above in the fragment named (usually a missing dependency: see 'make menuconfig' help for the symbol)" >&2; exit 1; }
