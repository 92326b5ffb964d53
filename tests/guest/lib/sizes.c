#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lib/huge_sizes.h"
#include "hugesize-compat.h"
#include "sizes.h"

/* Above this a page counts as gigantic: expensive to fault under TCG. */
#define SIZE_CHEAP_MAX (64ULL << 20)

int sizes_offered(unsigned long long *sizes, int max)
{
	int n = hugesize_list(sizes, max);

	if (n < 1 || n > max) {
		printf("# %d huge page sizes in sysfs (%s)\n", n, n < 0 ? strerror(errno) : "");
		exit(1);
	}
	return n;
}

int size_in(const unsigned long long *sizes, int n, unsigned long long bytes)
{
	int i;

	for (i = 0; i < n; i++)
		if (sizes[i] == bytes)
			return 1;
	return 0;
}

const char *size_name(unsigned long long bytes, char *buf, unsigned long len)
{
	static const char units[][3] = { "B", "KB", "MB", "GB", "TB", "PB", "EB" };
	int u = 0;

	while (u < 6 && bytes && !(bytes & 1023)) {
		bytes >>= 10;
		u++;
	}
	snprintf(buf, len, "%llu%s", bytes, units[u]);
	return buf;
}

#define NAMED(size, log2) \
	{ 1ULL << (log2), MAP_HUGE_##size, SHM_HUGE_##size, MFD_HUGE_##size },

static const struct size_names names[] = { HUGE_SIZES(NAMED) };
#define NAMES (sizeof(names) / sizeof(names[0]))

const struct size_names *size_names(unsigned long long bytes)
{
	size_t i;

	for (i = 0; i < NAMES; i++)
		if (names[i].bytes == bytes)
			return &names[i];
	return NULL;
}

int flavour_primary(void)
{
	return !strchr(program_invocation_short_name, '.');
}

int size_cheap(unsigned long long bytes)
{
	return bytes <= SIZE_CHEAP_MAX;
}
