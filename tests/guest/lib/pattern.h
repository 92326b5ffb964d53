/* SPDX-License-Identifier: MIT */
#ifndef PATTERN_H
#define PATTERN_H

#include <stddef.h>

/* Fills len bytes (a multiple of 8) with a pattern that differs per word
 * and per seed. */
void pattern_fill(void *p, size_t len, unsigned long long seed);
/* The byte offset of the first word that does not hold the pattern, or -1. */
long pattern_check(const void *p, size_t len, unsigned long long seed);

#endif
