#!/bin/sh
# SPDX-License-Identifier: MIT
# /bin/demo in the guest, what `make run` shows: the sizes this kernel
# offers, one page of each mapped by its MAP_HUGE_* encoding, hugesize_map()
# choosing a size, and a pool set and read back.
echo "== huge page sizes offered by $(uname -sr)"
hugesize list || exit
smallest= largest=
for dir in /sys/kernel/mm/hugepages/hugepages-*; do
	size=${dir##*hugepages-}
	kb=${size%kB}
	[ -z "$smallest" ] || [ "$kb" -lt "${smallest%kB}" ] && smallest=$size
	[ -z "$largest" ] || [ "$kb" -gt "${largest%kB}" ] && largest=$size
	echo
	echo "== one ${size} page"
	hugesize map "$size" 1 || exit
done
echo
echo "== hugesize_map(): the largest size that fits the region and has pages"
hugesize try "$largest" || exit
hugesize try "$((${smallest%kB} * 3 / 2))kB" || exit
echo
echo "== hugesize pool: ${smallest} pages, 8 more and back"
nr=$(cat "/sys/kernel/mm/hugepages/hugepages-$smallest/nr_hugepages")
hugesize pool "$smallest" "$((nr + 8))" || exit
hugesize pool "$smallest" "$nr"
