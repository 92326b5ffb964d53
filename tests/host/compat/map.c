/* SPDX-License-Identifier: MIT */
/*
 * hugesize_map() against a made-up kernel: the sizes come from a fake
 * sysfs under FAKE_ROOT (64K 2M 1G, and a THP directory), and mmap,
 * munmap and madvise are replaced by fakes that log every call and fail
 * as each case scripts (ENOMEM from a pool, EINVAL for a size the kernel
 * refuses, ...). A fake mmap that succeeds makes a real anonymous mapping
 * of the length asked, so addresses, alignment and trimming are real.
 */
#ifndef FAKE_ROOT
#error "build with -DFAKE_ROOT='\"/an/empty/directory\"'"
#endif
#define HUGESIZE_SYSFS_DIR FAKE_ROOT "/hugepages"
#define HUGESIZE_MEMINFO FAKE_ROOT "/meminfo"
#define HUGESIZE_THP_DIR FAKE_ROOT "/thp"
#define HUGESIZE_MMAP fake_mmap
#define HUGESIZE_MUNMAP fake_munmap
#define HUGESIZE_MADVISE fake_madvise

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

static void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
static int fake_munmap(void *addr, size_t len);
static int fake_madvise(void *addr, size_t len);

#include <hugesize-compat.h>

#include "tap.h"

#define KB(n) ((unsigned long long)(n) << 10)
#define MB(n) ((unsigned long long)(n) << 20)
#define GB(n) ((unsigned long long)(n) << 30)
#define PRIV (MAP_PRIVATE | HUGESIZE_MAP_ANONYMOUS)
#define PAGE ((size_t)sysconf(_SC_PAGESIZE))

/* What the fake kernel answers: an errno per hugetlb size (0: maps). */
struct script {
	unsigned long long size[4];
	int err[4];
	int base_err, madvise_err;
	int anon_ok;	/* anonymous mmaps that succeed before base_err applies */
};
static struct script script;

/* What hugesize_map() asked for, in order. */
enum call_kind { MMAP, MUNMAP, MADVISE };
static struct call {
	enum call_kind kind;
	size_t len;
	int flags;
	uintptr_t addr;
} calls[16];
static int ncalls;

static void log_call(enum call_kind kind, size_t len, int flags, const void *addr)
{
	if (ncalls < 16)
		calls[ncalls] = (struct call){ kind, len, flags, (uintptr_t)addr };
	ncalls++;
}

static void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	int err = script.base_err;

	log_call(MMAP, len, flags, NULL);
	if (!(flags & MAP_HUGETLB) && script.anon_ok > 0) {
		script.anon_ok--;
		err = 0;
	}
	if (flags & MAP_HUGETLB) {
		err = ENOSYS;
		for (int i = 0; i < 4; i++)
			if (script.size[i] == hugesize_bytes(flags))
				err = script.err[i];
	}
	if (err) {
		errno = err;
		return MAP_FAILED;
	}
	return mmap(addr, len, prot, flags & ~(MAP_HUGETLB | (int)(0x3fU << MAP_HUGE_SHIFT)), fd, off);
}

static int fake_munmap(void *addr, size_t len)
{
	log_call(MUNMAP, len, 0, addr);
	return munmap(addr, len);
}

static int fake_madvise(void *addr, size_t len)
{
	log_call(MADVISE, len, 0, addr);
	if (script.madvise_err) {
		errno = script.madvise_err;
		return -1;
	}
	return 0;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

/* A fresh script: every size maps, and so do THP and base pages. */
static void reset(int err64k, int err2m, int err1g)
{
	script = (struct script){ { KB(64), MB(2), GB(1), 0 }, { err64k, err2m, err1g, 0 }, 0, 0, 0 };
	ncalls = 0;
}

/* One hugesize_map(); *err its errno when it failed, else 0. */
static void *map(size_t len, int flags, struct hugesize_mapping *got, int *err)
{
	void *p;

	memset(got, 0, sizeof *got);
	errno = 0;
	p = hugesize_map(len, PROT_READ | PROT_WRITE, flags, got);
	*err = p == MAP_FAILED ? errno : 0;
	return p;
}

/* The page sizes of the hugetlb mmap calls, "1G 2M": the order they came in. */
static const char *tried(void)
{
	static char buf[128];
	size_t at = 0;

	buf[0] = '\0';
	for (int i = 0; i < ncalls && i < 16; i++) {
		unsigned long long size = hugesize_bytes(calls[i].flags);

		if (calls[i].kind != MMAP)
			continue;
		if (!(calls[i].flags & MAP_HUGETLB))
			at += (size_t)snprintf(buf + at, sizeof buf - at, "%sanon", at ? " " : "");
		else
			at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%llu%c", at ? " " : "",
					       size >= GB(1) ? size >> 30 : size >= MB(1) ? size >> 20 : size >> 10,
					       size >= GB(1) ? 'G' : size >= MB(1) ? 'M' : 'K');
	}
	return buf;
}

static int mapped_as(const struct hugesize_mapping *got, int backing, unsigned long long page,
		     size_t len)
{
	return got->backing == backing && got->page_size == page && got->length == len;
}

static void test_hugetlb_order(void)
{
	struct hugesize_mapping got;
	int err;
	void *p;

	reset(0, 0, 0);
	p = map(GB(1), MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_HUGETLB, GB(1), GB(1)) &&
		  !strcmp(tried(), "1G"), "1G region, every pool free: 1G pages at once (tried %s)", tried());
	tap_check(got.flags == (PRIV | MAP_HUGETLB | (int)MAP_HUGE_1GB) && calls[0].flags == got.flags,
		  "mmap got and reports MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_HUGE_1GB");
	munmap(p, got.length);

	reset(0, 0, ENOMEM);
	p = map(GB(1), MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_HUGETLB, MB(2), GB(1)) &&
		  !strcmp(tried(), "1G 2M"), "1G pool ENOMEM: falls back to 2M (tried %s)", tried());
	munmap(p, got.length);

	reset(0, EINVAL, EINVAL);
	p = map(GB(1), MAP_SHARED, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_HUGETLB, KB(64), GB(1)) &&
		  !strcmp(tried(), "1G 2M 64K") && got.flags == (MAP_SHARED | HUGESIZE_MAP_ANONYMOUS |
		  MAP_HUGETLB | (int)MAP_HUGE_64KB),
		  "sizes the kernel refuses (EINVAL): the next smaller, MAP_SHARED kept (tried %s)", tried());
	munmap(p, got.length);

	reset(0, 0, 0);
	p = map(MB(3), MAP_PRIVATE | HUGESIZE_MAP_ANONYMOUS, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_HUGETLB, MB(2), MB(4)) &&
		  !strcmp(tried(), "2M"), "3M region: 1G is larger than it and not tried; 2M pages, "
		  "length rounded up to 4M (tried %s)", tried());
	munmap(p, got.length);

	reset(0, 0, 0);
	p = map(GB(1) + 1, MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_HUGETLB, GB(1), GB(2)) &&
		  calls[0].len == GB(2), "1G + 1 byte: two 1G pages, length 2G to munmap");
	munmap(p, got.length);

	reset(0, ENOMEM, EPERM);
	p = map(GB(1), MAP_PRIVATE, &got, &err);
	tap_check(p == MAP_FAILED && err == EPERM && !strcmp(tried(), "1G"),
		  "an error other than ENOMEM or EINVAL (EPERM) is returned, no fallback (tried %s)", tried());
}

static void test_thp_and_base(void)
{
	struct hugesize_mapping got;
	int err;
	char *p;

	reset(ENOMEM, ENOMEM, ENOMEM);
	p = map(MB(5), MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_THP, MB(2), MB(6)) &&
		  !strcmp(tried(), "2M 64K anon"), "every pool ENOMEM: THP, 5M rounded up to 6M (tried %s)",
		  tried());
	tap_check(((uintptr_t)p & (MB(2) - 1)) == 0 && calls[2].len == MB(6) + MB(2) - PAGE,
		  "THP: one THP less a page mapped more, the start aligned to 2M");
	int trimmed = 1;
	size_t unmapped = 0;
	for (int i = 3; i < ncalls - 1; i++) {
		trimmed &= calls[i].kind == MUNMAP &&
			   (calls[i].addr + calls[i].len == (uintptr_t)p || calls[i].addr == (uintptr_t)p + MB(6));
		unmapped += calls[i].len;
	}
	tap_check(trimmed && unmapped == MB(2) - PAGE,
		  "THP: the head and tail outside the aligned 6M are unmapped");
	tap_check(calls[ncalls - 1].kind == MADVISE && calls[ncalls - 1].addr == (uintptr_t)p &&
		  calls[ncalls - 1].len == MB(6), "THP: madvise(MADV_HUGEPAGE) on exactly the mapping");
	memset(p, 1, got.length);
	tap_check(munmap(p, got.length) == 0, "THP: the whole length is mapped and writable");

	reset(ENOMEM, ENOMEM, ENOMEM);
	script.madvise_err = EINVAL;
	p = map(MB(5), MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_BASE, (unsigned long long)PAGE, MB(5)) &&
		  !strcmp(tried(), "2M 64K anon anon") && calls[ncalls - 2].kind == MUNMAP,
		  "madvise refused (no THP): the THP mapping unmapped, base pages (tried %s)", tried());
	munmap(p, got.length);

	reset(ENOMEM, ENOMEM, ENOMEM);
	p = map(MB(2) + 1, MAP_SHARED, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_BASE, (unsigned long long)PAGE,
		  MB(2) + PAGE) && !strcmp(tried(), "2M 64K anon"),
		  "MAP_SHARED: no THP step; base pages, length rounded to a page (tried %s)", tried());
	munmap(p, got.length);

	reset(0, 0, 0);
	p = map(100, MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && mapped_as(&got, HUGESIZE_BASE, (unsigned long long)PAGE,
		  PAGE) && !strcmp(tried(), "anon"),
		  "100 bytes: smaller than every huge page; one base page (tried %s)", tried());
	munmap(p, got.length);

	put(FAKE_ROOT "/thp/enabled", "always madvise [never]\n");
	reset(ENOMEM, ENOMEM, ENOMEM);
	p = map(MB(4), MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && got.backing == HUGESIZE_BASE && !strcmp(tried(), "2M 64K anon"),
		  "THP enabled [never]: straight to base pages (tried %s)", tried());
	munmap(p, got.length);
	remove(FAKE_ROOT "/thp/enabled");
	remove(FAKE_ROOT "/thp/hpage_pmd_size");
	reset(ENOMEM, ENOMEM, ENOMEM);
	p = map(MB(4), MAP_PRIVATE, &got, &err);
	tap_check(p != MAP_FAILED && got.backing == HUGESIZE_BASE && !strcmp(tried(), "2M 64K anon"),
		  "no THP in the kernel: base pages (tried %s)", tried());
	munmap(p, got.length);

	reset(ENOMEM, ENOMEM, ENOMEM);
	script.base_err = ENOMEM;
	p = map(MB(4), MAP_PRIVATE, &got, &err);
	tap_check(p == MAP_FAILED && err == ENOMEM && got.backing == 0 && got.length == 0,
		  "base pages ENOMEM too: MAP_FAILED, errno ENOMEM, *got untouched");

	/* THP mapped, madvise refused, then base pages fail: nothing of THP in *got. */
	put(FAKE_ROOT "/thp/hpage_pmd_size", "2097152\n");
	reset(ENOMEM, ENOMEM, ENOMEM);
	script.madvise_err = EINVAL;
	script.base_err = EAGAIN;
	script.anon_ok = 1;
	p = map(MB(4), MAP_PRIVATE, &got, &err);
	tap_check(p == MAP_FAILED && err == EAGAIN && got.backing == 0 && got.length == 0 &&
		  !strcmp(tried(), "2M 64K anon anon"),
		  "madvise refused, then base pages EAGAIN: that errno, *got untouched (tried %s)", tried());
}

static void test_refused(void)
{
	static const struct {
		const char *what;
		size_t len;
		int flags;
		int null_got;
	} bad[] = {
		{ "length 0", 0, MAP_PRIVATE, 0 },
		{ "got NULL", MB(2), MAP_PRIVATE, 1 },
		{ "MAP_HUGETLB from the caller", MB(2), MAP_PRIVATE | MAP_HUGETLB, 0 },
		{ "a size field from the caller", MB(2), MAP_PRIVATE | (int)MAP_HUGE_2MB, 0 },
		{ "MAP_FIXED", MB(2), MAP_PRIVATE | MAP_FIXED, 0 },
		{ "neither MAP_PRIVATE nor MAP_SHARED", MB(2), HUGESIZE_MAP_ANONYMOUS, 0 },
		{ "MAP_PRIVATE | MAP_SHARED", MB(2), MAP_PRIVATE | MAP_SHARED, 0 },
	};
	struct hugesize_mapping got;
	int err;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		reset(0, 0, 0);
		errno = 0;
		err = hugesize_map(bad[i].len, PROT_READ, bad[i].flags, bad[i].null_got ? NULL : &got)
			== MAP_FAILED ? errno : 0;
		tap_check(err == EINVAL && ncalls == 0, "%s: EINVAL, nothing mapped", bad[i].what);
	}
	reset(ENOMEM, ENOMEM, ENOMEM);
	tap_check(map(SIZE_MAX - 10, MAP_PRIVATE, &got, &err) == MAP_FAILED && err == ENOMEM && ncalls == 0,
		  "a length no page size can round up: ENOMEM, no mmap");
}

int main(void)
{
	mkdir(FAKE_ROOT, 0755);
	mkdir(FAKE_ROOT "/hugepages", 0755);
	mkdir(FAKE_ROOT "/hugepages/hugepages-64kB", 0755);
	mkdir(FAKE_ROOT "/hugepages/hugepages-2048kB", 0755);
	mkdir(FAKE_ROOT "/hugepages/hugepages-1048576kB", 0755);
	mkdir(FAKE_ROOT "/thp", 0755);
	put(FAKE_ROOT "/thp/hpage_pmd_size", "2097152\n");
	put(FAKE_ROOT "/thp/enabled", "always [madvise] never\n");
	test_hugetlb_order();
	test_thp_and_base();
	test_refused();
	return tap_done();
}
