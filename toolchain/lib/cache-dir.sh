#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: cache-dir.sh
# Prints the compiler cache's folder: CCACHE_DIR when set, else
# /var/cache/hugesize/ccache as root and ~/.cache/hugesize/ccache
# (XDG_CACHE_HOME's) otherwise. Outside the checkout, so a new clone
# finds it. The Makefile and .ci/run both take it from here.
if [ -n "${CCACHE_DIR:-}" ]; then
	echo "$CCACHE_DIR"
elif [ "$(id -u)" = 0 ]; then
	echo /var/cache/hugesize/ccache
else
	echo "${XDG_CACHE_HOME:-$HOME/.cache}/hugesize/ccache"
fi
