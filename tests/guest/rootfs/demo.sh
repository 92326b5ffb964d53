#!/bin/sh
# SPDX-License-Identifier: MIT
# /bin/demo in the guest, what `make run` shows: the sizes this kernel
# offers, then one page of each mapped by its MAP_HUGE_* encoding.
echo "== huge page sizes offered by $(uname -sr)"
hugesize list || exit
for dir in /sys/kernel/mm/hugepages/hugepages-*; do
	size=${dir##*hugepages-}
	echo
	echo "== one ${size} page"
	hugesize map "$size" 1 || exit
done
