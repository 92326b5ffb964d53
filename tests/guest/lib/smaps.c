/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "smaps.h"

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
