/* SPDX-License-Identifier: MIT */
#include "pattern.h"

static unsigned long long word(size_t i, unsigned long long seed)
{
	return (i + 1) * 0x9e3779b97f4a7c15ULL ^ seed;
}

void pattern_fill(void *p, size_t len, unsigned long long seed)
{
	unsigned long long *w = p;
	size_t i;

	for (i = 0; i < len / sizeof(*w); i++)
		w[i] = word(i, seed);
}

long pattern_check(const void *p, size_t len, unsigned long long seed)
{
	const unsigned long long *w = p;
	size_t i;

	for (i = 0; i < len / sizeof(*w); i++)
		if (w[i] != word(i, seed))
			return (long)(i * sizeof(*w));
	return -1;
}
