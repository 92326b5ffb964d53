/* SPDX-License-Identifier: MIT */
#include <time.h>
#include <unistd.h>

#include "hugesize-probe.h"
#include "populate.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

unsigned long long xorshift64(unsigned long long *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dULL;
}

struct populate_result populate(char *p, size_t len)
{
	struct populate_result r;
	size_t step = (size_t)getpagesize(), i;
	double start;

	/* Both probes once first, so that nothing but the writes faults. */
	r.minor_faults = minor_faults();
	start = now();
	r.minor_faults = minor_faults();
	for (i = 0; i < len; i += step)
		((volatile char *)p)[i] = 1;
	r.minor_faults = minor_faults() - r.minor_faults;
	r.seconds = now() - start;
	return r;
}

double random_access_ns(const char *p, size_t len, long accesses, unsigned long long seed)
{
	unsigned long long state = seed | 1, sum = 0;
	size_t mask = (len - 1) & ~(size_t)(getpagesize() - 1);
	double start = now();
	long i;

	for (i = 0; i < accesses; i++)
		sum += ((const volatile char *)p)[xorshift64(&state) & mask];
	(void)sum;
	return (now() - start) * 1e9 / (double)accesses;
}
