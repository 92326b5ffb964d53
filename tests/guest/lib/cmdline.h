/* SPDX-License-Identifier: MIT */
#ifndef CMDLINE_H
#define CMDLINE_H
/*
 * The value of hugesize.KEY= on the kernel command line, which the host puts
 * there from the guest's toolchain/arch/ARCH.mk (hugesize.sizes=2MB,1GB) and
 * from the make variables (hugesize.patches=series|none, hugesize.xfail=...);
 * NULL when absent.
 */
#include <stdio.h>
#include <string.h>

static inline const char *cmdline_value(const char *key, char *buf, size_t len)
{
	static char line[4096];
	char want[64], *p;
	FILE *f = fopen("/proc/cmdline", "r");
	size_t n;

	if (!f)
		return NULL;
	p = fgets(line, sizeof(line), f);
	fclose(f);
	snprintf(want, sizeof(want), "hugesize.%s=", key);
	for (; p && (p = strstr(p, want)); p++) {
		if (p != line && p[-1] != ' ')
			continue;
		p += strlen(want);
		n = strcspn(p, " \n");
		if (n >= len)
			n = len - 1;
		memcpy(buf, p, n);
		buf[n] = '\0';
		return buf;
	}
	return NULL;
}

/* Whether the comma-separated list hugesize.KEY= holds the first len
 * characters of name as one of its items. */
static inline int cmdline_lists(const char *key, const char *name, size_t len)
{
	char list[1024], *item, *end;

	if (!cmdline_value(key, list, sizeof(list)))
		return 0;
	for (item = list; *item; item = *end ? end + 1 : end) {
		end = item + strcspn(item, ",");
		if ((size_t)(end - item) == len && !strncmp(item, name, len))
			return 1;
	}
	return 0;
}

#endif
