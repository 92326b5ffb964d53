/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "hugesize-compat.h"
#include "hugesize-probe.h"

unsigned long long smaps_page_size(const void *addr)
{
	uintptr_t a = (uintptr_t)addr, start, end;
	unsigned long long kb, bytes = 0;
	int inside = 0;
	char *line = NULL;
	size_t len = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		return 0;
	while (getline(&line, &len, f) > 0) {
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &start, &end) == 2)
			inside = start <= a && a < end;
		else if (inside && sscanf(line, "KernelPageSize: %llu kB", &kb) == 1) {
			bytes = kb << 10;
			break;
		}
	}
	free(line);
	fclose(f);
	return bytes;
}

long minor_faults(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

const char *pool_path(char *buf, size_t len, int node, unsigned long long bytes, const char *name)
{
	char sys[HUGESIZE_PATH_MAX];

	if (node < 0) {
		hugesize_pool_path(sys, bytes >> 10, name);
		snprintf(buf, len, "%s", sys);
	} else {
		snprintf(buf, len, "%s/node%d/hugepages/hugepages-%llukB/%s", HUGESIZE_NODE_DIR,
			 node, bytes >> 10, name);
	}
	return buf;
}

long long pool_count(int node, unsigned long long bytes, const char *name)
{
	char path[POOL_PATH_MAX];

	return hugesize_read_number(pool_path(path, sizeof path, node, bytes, name), "", 0);
}
