/* SPDX-License-Identifier: MIT */
/*
 * What the kernel did for this process, read back: the page size of a
 * mapping, the minor faults, the counters of a pool. Not installed: the
 * hugesize tool and the guest tests (tests/guest/lib) compile
 * hugesize-probe.c with it.
 */
#ifndef HUGESIZE_PROBE_H
#define HUGESIZE_PROBE_H

#include <stddef.h>

/* Where the kernel lists the NUMA nodes; a test build points it elsewhere. */
#ifndef HUGESIZE_NODE_DIR
# define HUGESIZE_NODE_DIR "/sys/devices/system/node"
#endif

/* KernelPageSize in bytes of the mapping of this process that holds addr,
 * from /proc/self/smaps; 0 when no mapping holds it. */
unsigned long long smaps_page_size(const void *addr);

/* The minor faults this process has taken so far. */
long minor_faults(void);

/* Room for any path of pool_path(). */
#define POOL_PATH_MAX 512

/* The file of the counter name ("nr_hugepages", "free_hugepages",
 * "resv_hugepages" or "surplus_hugepages") of the pool of bytes: the
 * system's (node < 0) or one NUMA node's; buf. */
const char *pool_path(char *buf, size_t len, int node, unsigned long long bytes, const char *name);

/* That counter; -1 with errno when it cannot be read. */
long long pool_count(int node, unsigned long long bytes, const char *name);

#endif
