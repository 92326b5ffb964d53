/* SPDX-License-Identifier: MIT */
#ifndef SMAPS_H
#define SMAPS_H

/* KernelPageSize in bytes of the mapping of this process that holds addr,
 * from /proc/self/smaps; 0 when no mapping holds it. */
unsigned long long smaps_page_size(const void *addr);

#endif
