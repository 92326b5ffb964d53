/* SPDX-License-Identifier: MIT */
/*
 * A few lines of TAP for the host tests: tap_check() prints one result,
 * tap_done() the plan and the tally and returns the exit status.
 */
#ifndef TAP_H
#define TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_count, tap_failed, tap_skipped;

static inline void tap_result(int ok, const char *directive, const char *fmt, va_list ap)
{
	if (tap_count++ == 0)
		printf("TAP version 13\n");
	printf("%sok %d - ", ok ? "" : "not ", tap_count);
	vprintf(fmt, ap);
	printf("%s\n", directive);
	fflush(stdout);
}

__attribute__((format(printf, 2, 3)))
static inline int tap_check(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_result(ok, "", fmt, ap);
	va_end(ap);
	tap_failed += !ok;
	return ok;
}

__attribute__((format(printf, 2, 3)))
static inline void tap_skip(const char *reason, const char *fmt, ...)
{
	char directive[256];
	va_list ap;

	snprintf(directive, sizeof directive, " # SKIP %s", reason);
	va_start(ap, fmt);
	tap_result(1, directive, fmt, ap);
	va_end(ap);
	tap_skipped++;
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	printf("# %d passed, %d failed, %d skipped\n",
	       tap_count - tap_failed - tap_skipped, tap_failed, tap_skipped);
	return tap_failed ? 1 : 0;
}

#endif
