#!/bin/bash
# SPDX-License-Identifier: MIT
# Usage: matrix.sh WORKDIR
# Compiles values.c in every case of matrix.conf (plus COMPAT_LIBCS) with
# -Werror -Wundef -pedantic and prints one TAP line per case. A case that
# names a compiler not installed is skipped. Runs $(nproc) cases at once.
set -u
here=$(dirname "$0")
top=$here/../../..
work=${1:?usage: matrix.sh WORKDIR}
mkdir -p "$work/cases"
rm -f "$work"/cases/*

uapi=$work/uapi
"$here/uapi.sh" "$uapi"

conf=$(sed 's/#.*//' "$here/matrix.conf")
# More include directories from the environment, NAME=DIR each: libc
# headers (COMPAT_LIBCS) searched before the host's own, as a staging
# install of glibc's headers needs (it lacks the generated gnu/stubs.h),
# and kernel uapi headers alone (COMPAT_UAPIS). A directory that is not
# there is one failure.
missing=()
for extra in ${COMPAT_LIBCS:-} ${COMPAT_UAPIS:-}; do
	name=${extra%%=*} dir=${extra#*=}
	[ -d "$dir" ] || { missing+=("$name: $dir does not exist (was it built?)"); continue; }
	case " ${COMPAT_LIBCS:-} " in
	*" $extra "*) conf+=$'\n'"libc $name native before,after,linux 1 -isystem $dir" ;;
	*) conf+=$'\n'"libc $name native linux 0 -nostdinc -isystem $dir -isystem @CCINC@" ;;
	esac
done

# One case: every standard of one compiler with one libc and order.
run_case() {
	local out=$1 name=$2 cc=$3 lang=$4 hugetlb=$5 stds=$6 order=$7 helpers=$8 flags=$9
	local ccinc std expect failed= log=$out.log
	ccinc=$("$cc" -print-file-name=include)
	case $cc in clang*) ccinc=$("$cc" -print-resource-dir)/include ;; esac
	flags=${flags//@UAPI@/$uapi}
	flags=${flags//@CCINC@/$ccinc}
	for std in $stds; do
		expect=$helpers
		case $std in c89 | gnu89 | c++98 | gnu++98) expect=0 ;; esac
		# shellcheck disable=SC2086
		"$cc" -x "$lang" -std="$std" -fsyntax-only -Wall -Wextra -Werror -Wundef -pedantic \
			$flags -I"$top/compat-header" -I"$here" -DEXPECT_HELPERS="$expect" \
			-DEXPECTED_MAP_HUGETLB="$hugetlb" ${order:+-DORDER_${order^^}} \
			"$here/values.c" >"$log" 2>&1 && continue
		# The errors of the first standard that failed tell the story.
		[ -n "$failed" ] || { echo "# -std=$std:"; sed 's/^/# /' "$log" | head -n 15; } >"$log.first"
		failed+=" $std"
	done
	if [ -n "$failed" ]; then
		echo "not ok - $name (failed:$failed)" >"$out"
		cat "$log.first" >>"$out"
	else
		echo "ok - $name ($(wc -w <<<"$stds") standards)" >"$out"
	fi
}

n=0
while read -r kind cname lang hugetlb stds; do
	[ "$kind" = cc ] || continue
	scope=native
	case $cname in *-linux-*) scope=cross ;; esac
	while read -r kind2 lname lscope orders helpers flags; do
		[ "$kind2" = libc ] && [ "$lscope" = "$scope" ] || continue
		for order in ${orders//,/ }; do
			n=$((n + 1))
			name="$cname $lname ${order}"
			out=$work/cases/$(printf %04d $n)
			if ! command -v "$cname" >/dev/null; then
				echo "ok - $name # SKIP $cname not installed" >"$out"
				continue
			fi
			[ "$order" = alone ] && order=
			while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
			run_case "$out" "$name" "$cname" "$lang" "$hugetlb" "$stds" "$order" "$helpers" "$flags" &
		done
	done <<<"$conf"
done <<<"$conf"
wait

for m in "${missing[@]}"; do
	n=$((n + 1))
	echo "not ok - $m" >"$work/cases/$(printf %04d $n)"
done

# The check itself must be able to fail: a wrong expectation must not compile.
n=$((n + 1))
out=$work/cases/$(printf %04d $n)
if gcc -fsyntax-only -I"$top/compat-header" -I"$here" -DEXPECTED_MAP_HUGETLB=0x80000 \
	"$here/values.c" 2>/dev/null; then
	echo "not ok - values.c accepts a wrong MAP_HUGETLB: the matrix proves nothing" >"$out"
else
	echo "ok - values.c rejects a wrong value" >"$out"
fi

echo "TAP version 13"
echo "1..$n"
i=0
for f in "$work"/cases/[0-9]*; do
	case $f in *.log | *.first) continue ;; esac
	i=$((i + 1))
	sed "1s/^\(\(not \)\?ok\) -/\1 $i -/" "$f"
done
