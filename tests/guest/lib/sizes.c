/* SPDX-License-Identifier: MIT */
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

	if (n < 0 || n > max) {
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
	{ #size, 1ULL << (log2), MAP_HUGE_##size, SHM_HUGE_##size, MFD_HUGE_##size },

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

char **size_filter(int *argc, char **argv, int (*keep)(unsigned long long bytes))
{
	unsigned long long offered[HUGESIZE_SIZES_MAX];
	int n = sizes_offered(offered, HUGESIZE_SIZES_MAX), k = 1;
	char **args = calloc((size_t)*argc + 2 * NAMES + 1, sizeof(*args));
	size_t i;

	if (!args)
		exit(1);
	args[0] = argv[0];
	for (i = 0; i < NAMES; i++) {
		if (size_in(offered, n, names[i].bytes) && (!keep || keep(names[i].bytes)))
			continue;
		if (!n && !i)
			continue;
		args[k++] = "-V";
		args[k++] = (char *)names[i].name;
	}
	/* The caller's own options after ours, and argv's NULL. */
	memcpy(&args[k], &argv[1], (size_t)*argc * sizeof(*args));
	*argc += k - 1;
	return args;
}

int flavour_primary(void)
{
	return !strchr(program_invocation_short_name, '.');
}

int size_cheap(unsigned long long bytes)
{
	return bytes <= SIZE_CHEAP_MAX;
}
