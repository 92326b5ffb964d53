#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: make-help.sh
# TAP: `make help` and the variable table of doc/building.md name every
# variable a user may set: each one the make
# files assign with ?= (a default the command line or the environment
# overrides), and each one they read but never assign (only the user can
# give it a value, as COLD=1). Two results per variable. Run from the top of
# the repository.
set -u
. "$(dirname "$0")/../lib/tap.sh"
files="Makefile $(find toolchain -name '*.mk' | LC_ALL=C sort)"
# The make files without their comments.
code=$(sed 's/#.*//' $files)
name='[A-Z_][A-Z0-9_]*'

defaults=$(printf '%s\n' "$code" | sed -n "s/^[[:space:]]*\($name\)[[:space:]]*?=.*/\1/p")
# Assigned in any way, target-specific ones (TARGET: VAR := ...) included.
assigned=$(printf '%s\n' "$code" |
	sed -n "s/^\(.*:[[:space:]]*\)\{0,1\}[[:space:]]*\(export[[:space:]]*\|override[[:space:]]*\)\{0,1\}\($name\)[[:space:]]*\(:\{0,2\}=\|+=\|?=\|!=\).*/\3/p")
read_only=$(printf '%s\n' "$code" | grep -o "\$($name)" | sed 's/^\$(\(.*\))$/\1/' | LC_ALL=C sort -u |
	while read -r v; do printf '%s\n' "$assigned" | grep -qx "$v" || echo "$v"; done)
# make's own variables, the login's (HOME, XDG_CACHE_HOME), and ARCH, which the
# Makefile refuses (kbuild's; XARCH is ours).
own='MAKE MAKECMDGOALS MAKEFLAGS MAKELEVEL CURDIR CC HOME XDG_CACHE_HOME PATH ARCH'

# A make of its own, not a part of the make that runs this.
help=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory help)
for v in $(printf '%s\n%s\n' "$defaults" "$read_only" | LC_ALL=C sort -u); do
	case " $own " in *" $v "*) continue ;; esac
	printf '%s\n' "$help" | grep -qE "^  $v( |$)"
	tap $? "make help names $v"
	grep -qE "^\| [^|]*\`$v(=[^\`]*)?\`" doc/building.md
	tap $? "doc/building.md's variables name $v"
done
tap_done
