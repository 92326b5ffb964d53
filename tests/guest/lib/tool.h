/* SPDX-License-Identifier: MIT */
/*
 * The guest's /bin/hugesize run from a test (as root or as another user);
 * pool_count() of hugesize-probe.h reads the pool counters it changes.
 */
#ifndef TOOL_H
#define TOOL_H

#include <stddef.h>

#define TOOL_PATH	"/bin/hugesize"
#define TOOL_AS_IS	-1	/* tool_run's uid: do not drop privileges */

/* Runs TOOL_PATH with the NULL-terminated args, as uid (and gid) with no
 * supplementary groups unless uid is TOOL_AS_IS; its stdout and stderr,
 * cut to len - 1, in out. The exit status, or -1 if it did not exit. */
int tool_run(char *out, size_t len, int uid, const char *const *args);

/* In a child about to act as uid: becomes uid (and gid) with no
 * supplementary groups unless uid is TOOL_AS_IS; 0, or -1 on failure. */
int become(int uid);

#endif
