#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: uapi.sh DIR
# Makes DIR an include directory with the host's kernel uapi headers
# (Debian's linux-libc-dev) and nothing of any libc: links to linux/,
# asm-generic/ and the architecture's asm/.
set -eu
dir=${1:?usage: uapi.sh DIR}
mkdir -p "$dir"
for d in linux asm-generic; do ln -sfn "/usr/include/$d" "$dir/$d"; done
ln -sfn "/usr/include/$(gcc -print-multiarch)/asm" "$dir/asm"
