/* SPDX-License-Identifier: MIT */
#ifndef POPULATE_H
#define POPULATE_H

#include <stddef.h>

struct populate_result {
	long minor_faults;	/* taken by this process while populating */
	double seconds;
};

/* Writes one byte into every base page of [p, p + len). */
struct populate_result populate(char *p, size_t len);

/* Nanoseconds per access of a pass of reads at random base-page-aligned
 * offsets of [p, p + len), reproducible from seed; len a power of two. */
double random_access_ns(const char *p, size_t len, long accesses, unsigned long long seed);

/* A step of the xorshift64* generator: a fixed sequence per seed. */
unsigned long long xorshift64(unsigned long long *state);

#endif
