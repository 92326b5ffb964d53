#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: conflict.sh
# The conflict rule of hugesize-compat.h, for every macro it must define
# (the list comes from expected.h): an earlier definition with the same
# value, spelled another way, is accepted without a word; one with another
# value stops the build with an #error that names the macro. One TAP line
# per macro. Freestanding, so that no libc header redefines them first;
# then once with glibc and musl, to see the rule hold in a hosted build;
# then with the kernel's uapi headers, alone and mixed with the libc's.
# COMPAT_UAPIS (NAME=DIR ...): the uapi headers for musl, which has none;
# the first DIR that exists, else the host's.
set -u
here=$(dirname "$0")
top=$here/../../..
cflags="-fsyntax-only -std=c11 -Wall -Wextra -Werror -Wundef -pedantic -I$top/compat-header"

# "NAME VALUE" for each macro, VALUE as a C expression from expected.h.
list=$(printf '%s\n' '#include "expected.h"' \
	'#define S(size, log2) size log2' 'HUGE_SIZES(S)' \
	'#define P(prefix) prefix' 'EXPECTED_PREFIXES(P)' \
	'EXPECTED_MAP_HUGETLB EXPECTED_SHM_HUGETLB EXPECTED_SHM_NORESERVE EXPECTED_MFD_HUGETLB' \
	'EXPECTED_SHIFT EXPECTED_MASK' | cpp -P -I"$here" | tr -s ' \n' '  ')
read -r -a words <<<"$list"
sizes=("${words[@]:0:34}")
prefixes=("${words[@]:34:3}")
macros=("MAP_HUGETLB ${words[37]}" "SHM_HUGETLB ${words[38]}" "SHM_NORESERVE ${words[39]}"
	"MFD_HUGETLB ${words[40]}")
for p in "${prefixes[@]}"; do
	macros+=("${p}_HUGE_SHIFT ${words[41]}" "${p}_HUGE_MASK ${words[42]}")
	for ((i = 0; i < ${#sizes[@]}; i += 2)); do
		macros+=("${p}_HUGE_${sizes[i]} (${sizes[i + 1]}<<${p}_HUGE_SHIFT)")
	done
done

# Three spellings of each value: as the list has it, as a hexadecimal
# literal, and as another value (the lowest bit of the field flipped).
defines() {
	local how=$1 name value num
	for m in "${macros[@]}"; do
		name=${m%% *} value=${m#* }
		num=$(($(sed 's/<<[A-Z_]*SHIFT/<<26/' <<<"$value")))
		case $how in
		same) echo "-D$name=$value" ;;
		hex) printf -- '-D%s=0x%xU\n' "$name" "$num" ;;
		other) printf -- '-D%s=0x%x\n' "$name" $((num ^ (num >= 1 << 26 ? 1 << 26 : 1))) ;;
		esac
	done
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
free="-ffreestanding -nostdinc"
compile() { # NAME FLAGS SPELLING
	local -a defs
	mapfile -t defs < <(defines "$3")
	# shellcheck disable=SC2086
	printf '#include <hugesize-compat.h>\ntypedef int translation_unit_not_empty;\n' | gcc $cflags $2 "${defs[@]}" -x c - >"$tmp/$1" 2>&1
}
compile same "$free" same
compile hex "$free" hex
compile other "$free" other
compile glibc-same "" hex
compile glibc-other "" other
compile musl-same "-nostdinc -isystem /usr/include/x86_64-linux-musl" hex

# The kernel's uapi headers, alone and mixed as the libc allows (its
# <sys/shm.h> never meets <linux/ipc.h> or <linux/shm.h>), before and after
# the header: values.c sees every value and the helpers. Before it, the
# kernel's IPC headers are announced with HUGESIZE_LINUX_SHM.
uapi=$tmp/uapi
"$here/uapi.sh" "$uapi"
for extra in ${COMPAT_UAPIS:-}; do
	[ -d "${extra#*=}" ] && { uapi=${extra#*=}; break; }
done
patterns=("linux/ipc.h linux/shm.h" "linux/mman.h linux/memfd.h asm/mman.h"
	"linux/ipc.h linux/shm.h linux/mman.h linux/memfd.h asm/mman.h"
	"sys/mman.h linux/ipc.h linux/shm.h" "sys/shm.h linux/mman.h linux/memfd.h asm/mman.h")
uapi_compile() { # OUT LIBC LANG SOURCE
	local cc=gcc std=c11 flags=
	[ "$3" = c++ ] && cc=g++ std=c++11
	[ "$2" = musl ] && flags="-nostdinc -isystem /usr/include/x86_64-linux-musl -isystem $uapi
		-isystem $($cc -print-file-name=include)"
	# shellcheck disable=SC2086
	printf '%s' "$4" | $cc -x "$3" -std=$std -fsyntax-only -Wall -Wextra -Werror -Wundef -pedantic \
		$flags -I"$top/compat-header" -I"$here" -DEXPECT_HELPERS=1 - >"$1" 2>&1
}
uapi_cases=()
for libc in glibc musl; do
	for lang in c c++; do
		for order in before after; do
			for i in "${!patterns[@]}"; do
				src=
				if [ $order = before ]; then
					case " ${patterns[i]} " in
					*" linux/ipc.h "* | *" linux/shm.h "*) src+=$'#define HUGESIZE_LINUX_SHM\n' ;;
					esac
					src+=$'#include <hugesize-compat.h>\n'
				fi
				for h in ${patterns[i]}; do src+="#include <$h>"$'\n'; done
				uapi_cases+=("$libc $lang $order $i")
				uapi_compile "$tmp/uapi-$libc-$lang-$order-$i" $libc $lang "$src#include \"values.c\""$'\n'
			done
		done
	done
	# The kernel's values are checked as the libc's are.
	uapi_compile "$tmp/uapi-$libc-other" $libc c '#include <linux/ipc.h>
#include <linux/shm.h>
#undef SHM_HUGE_2MB
#define SHM_HUGE_2MB (22U << 26)
#include <hugesize-compat.h>
'
done

echo "TAP version 13"
echo "1..$((${#macros[@]} + 5 + ${#uapi_cases[@]} + 2))"
echo "# uapi headers for musl: $uapi"
n=0
for m in "${macros[@]}"; do
	name=${m%% *}
	n=$((n + 1))
	why=
	grep -qw "$name" "$tmp/same" && why+=" rejected its own value"
	grep -qw "$name" "$tmp/hex" && why+=" rejected the same value in hex"
	grep -q "error: #error \"hugesize-compat.h: $name is already defined" "$tmp/other" ||
		why+=" gave no #error naming it for another value"
	if [ -z "$why" ]; then
		echo "ok $n - conflict rule: $name"
	else
		echo "not ok $n - conflict rule: $name:$why"
	fi
done
# Not a word for the same values, alone or with the libc headers between.
for case in same hex glibc-same musl-same; do
	n=$((n + 1))
	if [ -s "$tmp/$case" ]; then
		echo "not ok $n - conflict rule ($case): same values not accepted silently"
		sed 's/^/# /' "$tmp/$case" | head -n 10
	else
		echo "ok $n - conflict rule ($case): same values accepted silently"
	fi
done
n=$((n + 1))
if grep -q 'error: #error "hugesize-compat.h: MFD_HUGE_2MB is already defined' "$tmp/glibc-other"; then
	echo "ok $n - conflict rule with glibc: another value stops the build"
else
	echo "not ok $n - conflict rule with glibc: no #error for MFD_HUGE_2MB with another value"
	sed 's/^/# /' "$tmp/glibc-other" | head -n 10
fi
for c in "${uapi_cases[@]}"; do
	read -r libc lang order i <<<"$c"
	n=$((n + 1))
	what="kernel headers ($libc, $lang, header $order): ${patterns[i]}"
	if [ -s "$tmp/uapi-$libc-$lang-$order-$i" ]; then
		echo "not ok $n - $what"
		sed 's/^/# /' "$tmp/uapi-$libc-$lang-$order-$i" | head -n 10
	else
		echo "ok $n - $what"
	fi
done
for libc in glibc musl; do
	n=$((n + 1))
	out=$tmp/uapi-$libc-other
	if grep -q 'error: #error "hugesize-compat.h: SHM_HUGE_2MB is already defined' "$out" &&
		[ "$(grep -c 'error:' "$out")" = 1 ]; then
		echo "ok $n - kernel headers ($libc): another SHM_HUGE_2MB after <linux/shm.h> stops the build"
	else
		echo "not ok $n - kernel headers ($libc): no #error alone for SHM_HUGE_2MB with another value"
		sed 's/^/# /' "$out" | head -n 10
	fi
done
