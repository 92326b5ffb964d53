#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: check-headers.sh glibc-VERSION=INCLUDE musl-VERSION=INCLUDE UAPI_INCLUDE
# Host tests of one release of the patched libc headers, as TAP: glibc's
# installed headers and musl's, each alone on the include path with the
# compiler's own (gcc -nostdinc), each
#  - define every MAP_/SHM_/MFD_HUGE_* constant with the right value;
#  - mix with <linux/mman.h> and <linux/memfd.h>, both the patched kernel's
#    (UAPI_INCLUDE) and the system's older ones, in either order, building
#    warning-free with -Wall -Wextra -Werror and keeping every value right;
#  - keep the names out of the namespaces where they do not belong: MFD_ is
#    no prefix POSIX reserves, so no MFD_ name in a strict mode; glibc also
#    keeps SHM_HUGE_* under __USE_MISC. POSIX reserves MAP_ in <sys/mman.h>,
#    and glibc defines MAP_HUGE_* in every mode since 2.37.
set -euo pipefail
here=$(dirname "$0")
usage="usage: check-headers.sh glibc-VERSION=INCLUDE musl-VERSION=INCLUDE UAPI_INCLUDE"
glibc_name=${1%%=*} glibc=${1#*=}
musl_name=${2%%=*} musl=${2#*=}
uapi=${3:?$usage}
[ -d "$glibc" ] && [ -d "$musl" ] || { echo "$usage" >&2; exit 2; }
gcc_include=$(gcc -print-file-name=include)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The system's kernel headers alone, without the rest of /usr/include.
old=$work/old-uapi
mkdir -p "$old"
ln -s /usr/include/linux /usr/include/asm-generic "$old/"
ln -s "/usr/include/$(gcc -print-multiarch)/asm" "$old/asm"
"$here/expected.sh" >"$work/expected"
echo "MAP_HUGETLB 0x40000" >>"$work/expected"
kernel() { # INCLUDE-DIR: "linux X.Y" from its <linux/version.h>
	local v
	v=$(sed -n 's/^#define LINUX_VERSION_CODE //p' "$1/linux/version.h")
	echo "linux $((v >> 16)).$(((v >> 8) & 255))"
}

. "$(dirname "$0")/../../lib/tap.sh"

# missing VALUES: the expected constants absent or wrong in VALUES.
missing() {
	awk 'FILENAME == ARGV[1] { have[$1] = $2; next }
		{ got = $1 in have ? have[$1] : "missing" }
		got != $2 { printf "  %-15s %-18s expected %s\n", $1, got, $2; bad = 1 }
		END { exit bad }' "$1" "$work/expected"
}

# A libc: NAME and how to compile with it.
libc_check() {
	local name=$1 status
	shift
	local cc=("$@")

	status=0
	"$here/macros.sh" "${cc[@]}" -std=c11 -D_GNU_SOURCE -- sys/mman.h sys/shm.h >"$work/values" &&
		missing "$work/values" >"$work/diag" || status=1
	tap $status "$name: every huge page constant, with its value (_GNU_SOURCE)" "$work/diag"

	# Every constant used in one translation unit, with the kernel headers.
	local libc_h=(sys/mman.h sys/shm.h) linux_h=(linux/mman.h linux/memfd.h) headers
	local uses
	uses=$(awk '{ printf "\t%s,\n", $1 }' "$work/expected")
	for dir in "$uapi" "$old"; do
		local kname
		kname="$(kernel "$dir") uapi ($dir)"
		[ "$dir" = "$old" ] && kname="$(kernel "$dir") uapi (the system's)"
		for order in libc linux; do
			if [ $order = libc ]; then headers=("${libc_h[@]}" "${linux_h[@]}"); else headers=("${linux_h[@]}" "${libc_h[@]}"); fi
			{
				printf '#include <%s>\n' "${headers[@]}"
				printf 'unsigned long long hugesize_flags[] = {\n%s\n};\n' "$uses"
			} >"$work/use.c"
			status=0
			"${cc[@]}" -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fdiagnostics-plain-output -isystem "$dir" \
				-c -o "$work/use.o" "$work/use.c" >"$work/diag" 2>&1 || status=1
			if [ $status = 0 ]; then
				"$here/macros.sh" "${cc[@]}" -std=c11 -D_GNU_SOURCE -isystem "$dir" -- "${headers[@]}" \
					>"$work/values" && missing "$work/values" >"$work/diag" || status=1
			fi
			tap $status "$name with $kname, ${headers[0]} first: warning-free, every value right" "$work/diag"
		done
	done
}

# namespace NAME MODE ABSENT-PATTERN PRESENT-NAMES CC...
namespace() {
	local name=$1 mode=$2 absent=$3 present=$4 status=0
	shift 4
	local flags
	read -ra flags <<<"$mode"
	"$here/macros.sh" "$@" "${flags[@]}" -- sys/mman.h sys/shm.h >"$work/values" || status=1
	{
		grep -E "^($absent)" "$work/values" | sed 's/^/  defined: /' || :
		for p in $present; do grep -q "^$p " "$work/values" || echo "  missing: $p"; done
	} >"$work/diag"
	[ -s "$work/diag" ] && status=1
	tap $status "$name namespace with $mode: no ${absent//|/, }${present:+; has ${present// /, }}" "$work/diag"
}

echo "TAP version 13"
glibc_cc=(gcc -nostdinc -isystem "$glibc" -isystem "$gcc_include")
musl_cc=(gcc -nostdinc -isystem "$musl" -isystem "$gcc_include")
libc_check "$glibc_name" "${glibc_cc[@]}"
libc_check "$musl_name" "${musl_cc[@]}"
names='SHM_HUGE_|MFD_'
for mode in "-std=c11" "-std=c11 -D_POSIX_C_SOURCE=200809L" "-std=c11 -D_XOPEN_SOURCE=700"; do
	namespace "$glibc_name" "$mode" "$names" "" "${glibc_cc[@]}"
done
for mode in "-std=c11 -D_DEFAULT_SOURCE" "-std=gnu11"; do
	namespace "$glibc_name" "$mode" MFD_ 'MAP_HUGE_2MB SHM_HUGE_2MB' "${glibc_cc[@]}"
done
for mode in "-std=c11 -D_POSIX_C_SOURCE=200809L" "-std=c11 -D_XOPEN_SOURCE=700" "-std=c11 -D_DEFAULT_SOURCE"; do
	namespace "$musl_name" "$mode" MFD_ "" "${musl_cc[@]}"
done
tap_done
