#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#define NAMED(size, bytes) { bytes, MAP_HUGE_##size, SHM_HUGE_##size, MFD_HUGE_##size }

static const struct size_names names[] = {
	NAMED(16KB, 16ULL << 10), NAMED(64KB, 64ULL << 10), NAMED(256KB, 256ULL << 10),
	NAMED(512KB, 512ULL << 10), NAMED(1MB, 1ULL << 20), NAMED(2MB, 2ULL << 20),
	NAMED(4MB, 4ULL << 20), NAMED(8MB, 8ULL << 20), NAMED(16MB, 16ULL << 20),
	NAMED(32MB, 32ULL << 20), NAMED(64MB, 64ULL << 20), NAMED(128MB, 128ULL << 20),
	NAMED(256MB, 256ULL << 20), NAMED(512MB, 512ULL << 20), NAMED(1GB, 1ULL << 30),
	NAMED(2GB, 2ULL << 30), NAMED(16GB, 16ULL << 30),
};

const struct size_names *size_names(unsigned long long bytes)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
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
