/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the text parsing of hugesize-compat.h. The first
 * byte picks what the rest feeds:
 *   even: hugesize_parse, checked against a plain reference parser;
 *   odd:  the meminfo/sysfs line scanner, fed in chunks of a size taken
 *         from that byte, which must give what feeding it whole gives.
 * Any disagreement aborts, and ASan/UBSan catch the rest.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <hugesize-compat.h>

/* What hugesize_parse should return for text, written the obvious way. */
static long long reference_parse(const char *text, int *err)
{
	static const char *const units[] = {
		"", "b", "k", "kb", "kib", "m", "mb", "mib", "g", "gb", "gib",
		"t", "tb", "tib", "p", "pb", "pib", "e", "eb", "eib",
	};
	size_t digits = strspn(text, "0123456789");
	unsigned __int128 value = 0;
	int shift = -1;

	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcasecmp(text + digits, units[i]) == 0)
			shift = 10 * (int)((i + 1) / 3);
	if (digits == 0 || shift < 0) {
		*err = EINVAL;
		return -1;
	}
	for (size_t i = 0; i < digits; i++)
		if (value <= (unsigned __int128)1 << 64)
			value = value * 10 + (unsigned)(text[i] - '0');
	value <<= shift;
	if (value > LLONG_MAX) {
		*err = ERANGE;
		return -1;
	}
	return (long long)value;
}

static void check_parse(const char *text)
{
	int want_err = 0;
	long long want = reference_parse(text, &want_err);
	long long got;

	errno = 0;
	got = hugesize_parse(text);
	if (got != want || (got == -1 && errno != want_err))
		abort();
}

static long long scan(const char *key, int want_kb, const char *data, size_t len,
		      size_t chunk, int *err)
{
	struct hugesize_scan s;
	long long result;

	hugesize_scan_init(&s, key);
	for (size_t at = 0; at < len; at += chunk)
		hugesize_scan_feed(&s, data + at, len - at < chunk ? len - at : chunk);
	errno = 0;
	result = hugesize_scan_end(&s, want_kb);
	*err = errno;
	return result;
}

static void check_scan(unsigned mode, const char *data, size_t len)
{
	const char *key = mode & 2 ? "Hugepagesize:" : "";
	int want_kb = (mode & 4) != 0, whole_err, err;
	size_t chunk = (mode >> 3) + 1;
	long long whole = scan(key, want_kb, data, len, len ? len : 1, &whole_err);

	if (whole < -1 || (whole == -1 && whole_err != ENOENT && whole_err != EIO &&
			   whole_err != ERANGE))
		abort();
	if (scan(key, want_kb, data, len, chunk, &err) != whole || err != whole_err)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size == 0)
		return 0;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (data[0] & 1)
		check_scan(data[0], text, size - 1);
	else
		check_parse(text);
	free(text);
	return 0;
}
