/* SPDX-License-Identifier: MIT */
/*
 * The huge page sizes that the kernel uapi, <sys/mman.h>, <sys/shm.h> and
 * hugesize-compat.h must name as MAP_HUGE_<SIZE>, SHM_HUGE_<SIZE> and
 * MFD_HUGE_<SIZE>, each with the base-two log of its bytes (the flag's value
 * is LOG2 << 26). The one list every check reads, host and guest: C through
 * this X-macro, shell through huge-sizes.sh.
 */
#ifndef HUGE_SIZES_H
#define HUGE_SIZES_H

#define HUGE_SIZES(X) \
	X(16KB, 14) X(64KB, 16) X(256KB, 18) X(512KB, 19) X(1MB, 20) \
	X(2MB, 21) X(4MB, 22) X(8MB, 23) X(16MB, 24) X(32MB, 25) \
	X(64MB, 26) X(128MB, 27) X(256MB, 28) X(512MB, 29) X(1GB, 30) \
	X(2GB, 31) X(16GB, 34)

#endif
