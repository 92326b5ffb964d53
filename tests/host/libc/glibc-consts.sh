#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: glibc-consts.sh SRC INCLUDE UAPI_INCLUDE
# TAP: glibc's own tst-mman-consts.py of the tree SRC (which the series
# extends to the MFD_* flags), run as glibc's `make check` runs it, on the
# patched headers installed in INCLUDE and the patched kernel's uapi
# headers in UAPI_INCLUDE, with nothing else on the include path: each
# constant glibc defines must have the kernel's value, and every constant
# the kernel adds must be in glibc.
set -u
usage="usage: glibc-consts.sh SRC INCLUDE UAPI_INCLUDE"
src=$(realpath "${1:?$usage}") include=$(realpath "${2:?$usage}") uapi=$(realpath "${3:?$usage}")
. "$(dirname "$0")/../../lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

cc="gcc -nostdinc -isystem $include -isystem $uapi -isystem $(gcc -print-file-name=include)"
PYTHONPATH=$src/scripts:$src/sysdeps/unix/sysv/linux \
	python3 "$src/sysdeps/unix/sysv/linux/tst-mman-consts.py" --cc="$cc" </dev/null >"$log" 2>&1
status=$?
v=$(sed -n 's/^#define LINUX_VERSION_CODE //p' "$uapi/linux/version.h")
tap $status "$(basename "$src"): tst-mman-consts.py with the uapi headers of linux $((v >> 16)).$(((v >> 8) & 255))" "$log"
tap_done
