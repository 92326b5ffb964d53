#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: macros.sh CC [CFLAG...] -- HEADER...
# Prints "NAME VALUE" (VALUE in hex) for every object-like MAP_*, SHM_* and
# MFD_* macro that HEADER... define when preprocessed by CC with CFLAGs, one
# per line, sorted. CC may be a cross compiler: the definitions are taken
# from its preprocessor and evaluated by the host's gcc (all of them are
# integer constant expressions, and int has 32 bits on every Linux target).
# A value that is negative in C prints as its 64-bit two's complement.
set -euo pipefail
cc=${1:?usage: macros.sh CC [CFLAG...] -- HEADER...}
shift
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
[ $# -gt 1 ] || { echo "usage: macros.sh CC [CFLAG...] -- HEADER..." >&2; exit 2; }
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '#include <%s>\n' "$@" >"$tmp/probe.c"
: >"$tmp/empty.c"
"$cc" "${flags[@]}" -E -dM "$tmp/probe.c" | LC_ALL=C sort >"$tmp/all"
"$cc" "${flags[@]}" -E -dM "$tmp/empty.c" | LC_ALL=C sort >"$tmp/predefined"
# What the headers defined, object-like only ("#define NAME(" is a function).
LC_ALL=C comm -23 "$tmp/all" "$tmp/predefined" | grep -E '^#define [A-Za-z_][A-Za-z0-9_]*( |$)' >"$tmp/defs" || :

{
	cat "$tmp/defs"
	echo 'int printf(const char *, ...);'
	echo 'int main(void)'
	echo '{'
	awk '$2 ~ /^(MAP|SHM|MFD)_[A-Z0-9_]+$/ && $2 != "MAP_FAILED" && NF > 2 {
		printf "\tprintf(\"%s 0x%%llx\\n\", (unsigned long long)(%s));\n", $2, $2 }' "$tmp/defs"
	echo '	return 0;'
	echo '}'
} >"$tmp/eval.c"
gcc -w -o "$tmp/eval" "$tmp/eval.c" || { echo "error: cannot evaluate the macros of $*" >&2; exit 1; }
"$tmp/eval" | LC_ALL=C sort
