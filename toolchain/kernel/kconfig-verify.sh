#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: kconfig-verify.sh FRAGMENT CONFIG
# Fails, naming them, when options that FRAGMENT sets did not end up in
# CONFIG: olddefconfig drops an option silently when its dependencies are
# not met, and a guest missing one fails much later and far less clearly.
set -eu
fragment=${1:?usage: kconfig-verify.sh FRAGMENT CONFIG}
config=${2:?usage: kconfig-verify.sh FRAGMENT CONFIG}
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) want=$line; sym=${line%%=*} ;;
	"# CONFIG_"*" is not set") want=$line; sym=${line#\# }; sym=${sym%% *} ;;
	*) continue ;;
	esac
	grep -qxF "$want" "$config" && continue
	[ "${want#\#}" != "$want" ] && ! grep -q "^$sym=" "$config" && continue
	have=$(grep -E "^$sym=|^# $sym is not set" "$config" || echo "absent")
	echo "error: $fragment wants '$want' but the config has '$have'" >&2
	bad=1
done <"$fragment"
[ $bad = 0 ] || { echo "error: fix the options above in $fragment (usually a missing dependency: see 'make menuconfig' help for the symbol)" >&2; exit 1; }
