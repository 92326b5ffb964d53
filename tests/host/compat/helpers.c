/* SPDX-License-Identifier: MIT */
/*
 * The contracts of the pure helpers: hugesize_flags, hugesize_bytes,
 * hugesize_parse, and the line scanner behind hugesize_default and
 * hugesize_pool, fed whole and a byte at a time. Edge cases first.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include <hugesize-compat.h>

#include "tap.h"

/* A call that returns -1 and sets errno: the errno, or 0 if it did not fail. */
#define ERRNO_OF(call) (errno = 0, (call) == -1 ? errno : 0)

static void test_flags(void)
{
	static const struct {
		unsigned long long bytes;
		long long flags;
	} good[] = {
		{ 0, 0 },
		{ 2, 1LL << 26 },
		{ 64 << 10, MAP_HUGE_64KB },
		{ 2 << 20, MAP_HUGE_2MB },
		{ 1 << 30, MAP_HUGE_1GB },
		{ 16ULL << 30, MAP_HUGE_16GB },
		{ 1ULL << 63, 63LL << 26 },
	};
	static const unsigned long long bad[] = { 1, 3, 6, 3 << 20, ULLONG_MAX, (1ULL << 63) + 1 };

	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		tap_check(hugesize_flags(good[i].bytes) == good[i].flags,
			  "hugesize_flags(%llu) == %#llx", good[i].bytes,
			  (unsigned long long)good[i].flags);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		tap_check(ERRNO_OF(hugesize_flags(bad[i])) == EINVAL,
			  "hugesize_flags(%llu) fails with EINVAL", bad[i]);
}

static void test_bytes(void)
{
	int roundtrip = 1;

	tap_check(hugesize_bytes(0) == 0, "hugesize_bytes(0) == 0: the default size");
	tap_check(hugesize_bytes(MAP_HUGETLB | MAP_SHARED) == 0,
		  "hugesize_bytes of flags without a size field == 0");
	tap_check(hugesize_bytes(MAP_HUGETLB | MAP_PRIVATE | MAP_HUGE_2MB) == 2 << 20,
		  "hugesize_bytes ignores the bits outside the field");
	tap_check(hugesize_bytes((int)MAP_HUGE_16GB) == 16ULL << 30,
		  "hugesize_bytes of MAP_HUGE_16GB sign-extended through an int == 16G");
	tap_check(hugesize_bytes((1LL << 40) | SHM_HUGE_1GB | SHM_HUGETLB) == 1 << 30,
		  "hugesize_bytes ignores bits above the field");
	tap_check(hugesize_bytes((long long)MFD_HUGE_MASK << MFD_HUGE_SHIFT) == 1ULL << 63,
		  "hugesize_bytes of a full field == 2^63");
	for (int log2 = 1; log2 <= 63; log2++)
		roundtrip &= hugesize_bytes(hugesize_flags(1ULL << log2)) == 1ULL << log2;
	tap_check(roundtrip, "hugesize_bytes(hugesize_flags(2^n)) == 2^n for n = 1..63");
}

static void test_parse(void)
{
	static const struct {
		const char *text;
		long long bytes;
	} good[] = {
		{ "2M", 2 << 20 }, { "2MB", 2 << 20 }, { "2MiB", 2 << 20 },
		{ "2048kB", 2 << 20 }, { "2048K", 2 << 20 }, { "1G", 1 << 30 },
		{ "1GiB", 1 << 30 }, { "16G", 16LL << 30 }, { "2097152", 2 << 20 },
		{ "2m", 2 << 20 }, { "2mib", 2 << 20 }, { "2MIB", 2 << 20 }, { "1gb", 1 << 30 },
		{ "64k", 64 << 10 }, { "1t", 1LL << 40 }, { "1P", 1LL << 50 }, { "7E", 7LL << 60 },
		{ "0", 0 }, { "0G", 0 }, { "512B", 512 }, { "512b", 512 }, { "0002M", 2 << 20 },
		{ "9223372036854775807", LLONG_MAX }, { "8388607T", 8388607LL << 40 },
	};
	static const char *const invalid[] = {
		"", "M", "MB", "kB", "-2M", "+2M", " 2M", "2M ", "2 M", "2MX", "2Mi", "2iB",
		"2BB", "2KK", "2MBi", "0x10", "2.5M", "2\t", "1Z", "99999999999999999999999X",
	};
	static const char *const too_big[] = {
		"9223372036854775808", "99999999999999999999999", "8E", "8388608T",
		"9007199254740992K", "18446744073709551616",
	};

	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		tap_check(hugesize_parse(good[i].text) == good[i].bytes,
			  "hugesize_parse(\"%s\") == %lld", good[i].text, good[i].bytes);
	tap_check(ERRNO_OF(hugesize_parse(NULL)) == EINVAL, "hugesize_parse(NULL) fails with EINVAL");
	for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
		tap_check(ERRNO_OF(hugesize_parse(invalid[i])) == EINVAL,
			  "hugesize_parse(\"%s\") fails with EINVAL", invalid[i]);
	for (size_t i = 0; i < sizeof too_big / sizeof too_big[0]; i++)
		tap_check(ERRNO_OF(hugesize_parse(too_big[i])) == ERANGE,
			  "hugesize_parse(\"%s\") fails with ERANGE", too_big[i]);
}

/* The scanner over text, fed in pieces of chunk bytes. */
static long long scan(const char *key, int want_kb, const char *text, size_t chunk)
{
	struct hugesize_scan s;
	size_t len = strlen(text);

	hugesize_scan_init(&s, key);
	for (size_t at = 0; at < len; at += chunk)
		hugesize_scan_feed(&s, text + at, len - at < chunk ? len - at : chunk);
	return hugesize_scan_end(&s, want_kb);
}

static void test_scan(void)
{
	static const char meminfo[] =
		"MemTotal:       16384000 kB\n"
		"HugePages_Total:       0\n"
		"Hugepagesize_x:     4 kB\n"
		"xHugepagesize:      8 kB\n"
		"Hugepagesize:       2048 kB\n"
		"Hugetlb:               0 kB\n";
	static const struct {
		const char *what, *key, *text;
		int want_kb;
		long long value;
		int err;
	} cases[] = {
		{ "meminfo", "Hugepagesize:", meminfo, 1, 2 << 20, 0 },
		{ "meminfo, last line without newline", "Hugepagesize:",
		  "A: 1 kB\nHugepagesize:\t1048576 kB", 1, 1 << 30, 0 },
		{ "meminfo without the line", "Hugepagesize:", "MemTotal: 1 kB\nHugetlb: 0 kB\n",
		  1, -1, ENOENT },
		{ "empty input", "Hugepagesize:", "", 1, -1, ENOENT },
		{ "a line with no number", "Hugepagesize:", "Hugepagesize: kB\n", 1, -1, EIO },
		{ "a number without kB", "Hugepagesize:", "Hugepagesize: 2048\n", 1, -1, EIO },
		{ "a unit other than kB", "Hugepagesize:", "Hugepagesize: 2048 MB\n", 1, -1, EIO },
		{ "junk after kB", "Hugepagesize:", "Hugepagesize: 2048 kBx\n", 1, -1, EIO },
		{ "a number past 2^63 bytes", "Hugepagesize:",
		  "Hugepagesize: 9007199254740992 kB\n", 1, -1, ERANGE },
		{ "a number past 2^64", "Hugepagesize:",
		  "Hugepagesize: 99999999999999999999999 kB\n", 1, -1, ERANGE },
		{ "sysfs count", "", "42\n", 0, 42, 0 },
		{ "sysfs count without newline", "", "7", 0, 7, 0 },
		{ "sysfs zero", "", "0\n", 0, 0, 0 },
		{ "sysfs empty", "", "", 0, -1, ENOENT },
		{ "sysfs junk", "", "x\n", 0, -1, EIO },
		{ "sysfs count with a unit", "", "5 kB\n", 0, -1, EIO },
		{ "sysfs count past 2^63", "", "9223372036854775808\n", 0, -1, ERANGE },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len = strlen(cases[i].text);
		int ok = 1;

		/* Whole, a byte at a time, and every chunk size in between. */
		for (size_t chunk = 1; chunk <= len + 1; chunk++) {
			long long got;

			errno = 0;
			got = scan(cases[i].key, cases[i].want_kb, cases[i].text, chunk);
			ok &= got == cases[i].value && (got != -1 || errno == cases[i].err);
		}
		tap_check(ok, "scanner: %s -> %lld%s%s", cases[i].what, cases[i].value,
			  cases[i].err ? " " : "", cases[i].err ? strerror(cases[i].err) : "");
	}
}

int main(void)
{
	test_flags();
	test_bytes();
	test_parse();
	test_scan();
	return tap_done();
}
