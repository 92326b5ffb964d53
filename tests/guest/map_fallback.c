/* SPDX-License-Identifier: MIT */
/*
 * hugesize_map() step by step, on a region of the largest size the guest
 * has a pool of: each variant empties the pools of the `held` largest sizes
 * and proves the step the helper falls to by what it reports,
 * KernelPageSize in smaps, and the
 * exact movement of every pool (a hugetlb step reserves length / size pages
 * of its size at mmap and nothing elsewhere; THP and base pages move no
 * pool), then the pools back where they were after munmap.
 *
 * A pool is emptied by reserving all of its free pages with another mapping
 * (untouched): to a new mapping it is then empty, as with nr_hugepages 0,
 * and it comes back exactly. Setting nr_hugepages to 0 would not: a kernel
 * without CONFIG_CONTIG_ALLOC (the tinyconfig guest) cannot grow a 1 GB
 * pool again at run time. The size a step should take gets the pages the
 * region needs through `hugesize pool` if it has too few (the 2 MB pool of
 * the x86-64 guest has 320, a 1 GB region needs 512), and back after.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "hugesize-probe.h"
#include "sizes.h"
#include "tool.h"

#define ALL	HUGESIZE_SIZES_MAX

FIXTURE(fallback) {
	unsigned long long sizes[HUGESIZE_SIZES_MAX];
	int n;
	void *held[HUGESIZE_SIZES_MAX];
	size_t held_len[HUGESIZE_SIZES_MAX];
	long long grown_from;		/* the target pool's nr before it grew; -1: not grown */
	char thp_enabled[64];		/* to restore, when a variant switched THP off */
};

FIXTURE_VARIANT(fallback) {
	int held;			/* pools emptied, largest first; ALL: every one */
	int backing;			/* what hugesize_map should report */
	int extra_page;			/* region one base page longer: rounds up */
};

FIXTURE_VARIANT_ADD(fallback, largest_size) { .held = 0, .backing = HUGESIZE_HUGETLB };
FIXTURE_VARIANT_ADD(fallback, largest_rounded_up) {
	.held = 0, .backing = HUGESIZE_HUGETLB, .extra_page = 1,
};
FIXTURE_VARIANT_ADD(fallback, largest_empty_next_size) { .held = 1, .backing = HUGESIZE_HUGETLB };
FIXTURE_VARIANT_ADD(fallback, all_empty_thp) { .held = ALL, .backing = HUGESIZE_THP };
FIXTURE_VARIANT_ADD(fallback, all_empty_base_pages) { .held = ALL, .backing = HUGESIZE_BASE };

static long long avail(unsigned long long size)
{
	struct hugesize_pool p;

	return hugesize_pool(size, &p) ? -1 : (long long)(p.free - p.resv);
}

/* hugesize pool SIZE COUNT; its exit status. */
static int set_pool(unsigned long long size, long long count)
{
	char out[2048], num[32];
	const char *args[] = { "pool", SIZE_NAME(size), num, NULL };

	snprintf(num, sizeof(num), "%lld", count);
	return tool_run(out, sizeof(out), TOOL_AS_IS, args);
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f)
		return -1;
	bad = fputs(text, f) < 0;
	return fclose(f) || bad ? -1 : 0;
}

FIXTURE_SETUP(fallback)
{
	unsigned long long offered[HUGESIZE_SIZES_MAX];
	int i, n = sizes_offered(offered, HUGESIZE_SIZES_MAX);

	/* The sizes the guest has a pool of: a size with none (arm64-64k's
	 * 16GB) is only tried and refused, and a region of that size would
	 * not fit the guest in base pages either. */
	self->n = 0;
	for (i = 0; i < n; i++)
		if (pool_count(-1, offered[i], "nr_hugepages") > 0)
			self->sizes[self->n++] = offered[i];
	self->grown_from = -1;
	self->thp_enabled[0] = '\0';
	memset(self->held, 0, sizeof(self->held));
}

FIXTURE_TEARDOWN(fallback)
{
	int i;

	for (i = 0; i < self->n; i++)
		if (self->held[i])
			EXPECT_EQ(0, munmap(self->held[i], self->held_len[i]));
	if (self->grown_from >= 0)
		EXPECT_EQ(0, set_pool(self->sizes[self->n - 1 - variant->held], self->grown_from));
	if (self->thp_enabled[0])
		EXPECT_EQ(0, write_text(HUGESIZE_THP_DIR "/enabled", self->thp_enabled));
}

/* "always [madvise] never" -> "madvise": the word in brackets. */
static int thp_mode(char *mode, size_t len)
{
	char text[128], *open, *close;
	FILE *f = fopen(HUGESIZE_THP_DIR "/enabled", "r");

	if (!f)
		return -1;
	if (!fgets(text, sizeof(text), f))
		text[0] = '\0';
	fclose(f);
	open = strchr(text, '[');
	close = open ? strchr(open, ']') : NULL;
	if (!close || (size_t)(close - open) > len)
		return -1;
	snprintf(mode, len, "%.*s\n", (int)(close - open - 1), open + 1);
	return 0;
}

/* AnonHugePages of the mapping that holds addr, in kB; -1 if none. */
static long long anon_huge_kb(const void *addr)
{
	unsigned long start, end, at = (unsigned long)addr;
	long long kb = -1;
	char line[256];
	int inside = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	while (f && kb < 0 && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2)
			inside = start <= at && at < end;
		else if (inside)
			sscanf(line, "AnonHugePages: %lld kB", &kb);
	}
	if (f)
		fclose(f);
	return kb;
}

TEST_F(fallback, map_private)
{
	unsigned long long page = (unsigned long long)getpagesize();
	/* No pool at all: what would be a 2 MB page on 4K base pages. */
	unsigned long long largest = self->n ? self->sizes[self->n - 1] : page << 9;
	int emptied = variant->held == ALL ? self->n : variant->held, i;
	size_t length = largest + (variant->extra_page ? page : 0);
	struct hugesize_pool before[HUGESIZE_SIZES_MAX], mapped[HUGESIZE_SIZES_MAX],
			     after[HUGESIZE_SIZES_MAX];
	unsigned long long want_page = page, want_len;
	struct hugesize_mapping got;
	int target = -1;
	char mode[32];
	char *p;

	/* Without a pool the fallback past every size still holds. */
	if (!self->n && variant->held != ALL)
		SKIP(return, "no huge page size has a pool in this guest");
	if (variant->held != ALL && variant->held >= self->n)
		SKIP(return, "%d huge page size(s) here: no smaller size to fall back to", self->n);
	if (emptied >= self->n && variant->backing == HUGESIZE_THP) {
		if (access(HUGESIZE_THP_DIR, F_OK))
			SKIP(return, "no transparent huge pages: no " HUGESIZE_THP_DIR " (CONFIG_TRANSPARENT_HUGEPAGE "
			     "off, or a CPU the kernel cannot map them on)");
		if (!HUGESIZE_THP_STEP)
			SKIP(return, "this libc does not declare madvise(MADV_HUGEPAGE)");
		if (thp_mode(mode, sizeof(mode)) || !strcmp(mode, "never\n"))
			SKIP(return, "THP enabled is [never]");
		want_page = hugesize_read_number(HUGESIZE_THP_DIR "/hpage_pmd_size", "", 0);
	}
	if (emptied >= self->n && variant->backing == HUGESIZE_BASE && !access(HUGESIZE_THP_DIR, F_OK)) {
		/* THP would be the step before: off for this test. */
		ASSERT_EQ(0, thp_mode(self->thp_enabled, sizeof(self->thp_enabled)));
		ASSERT_EQ(0, write_text(HUGESIZE_THP_DIR "/enabled", "never"));
	}
	if (emptied < self->n) {
		target = self->n - 1 - emptied;
		want_page = self->sizes[target];
	}
	want_len = (length + want_page - 1) / want_page * want_page;

	/* Empty the pools of the held sizes; give the target enough pages. */
	for (i = self->n - emptied; i < self->n; i++) {
		long long free = avail(self->sizes[i]);

		ASSERT_LE(0, free);
		if (!free)
			continue;
		self->held_len[i] = (size_t)free * self->sizes[i];
		self->held[i] = mmap(NULL, self->held_len[i], PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB |
				     (int)hugesize_flags(self->sizes[i]), -1, 0);
		if (self->held[i] == MAP_FAILED)
			self->held[i] = NULL;
		ASSERT_NE(NULL, self->held[i]) TH_LOG("holding %s: %s", SIZE_NAME(self->sizes[i]),
						       strerror(errno));
		ASSERT_EQ(0, avail(self->sizes[i]));
	}
	if (target >= 0 && avail(want_page) < (long long)(want_len / want_page)) {
		long long nr = pool_count(-1, want_page, "nr_hugepages");
		long long more = (long long)(want_len / want_page) - avail(want_page);

		self->grown_from = nr;
		set_pool(want_page, nr + more);
		if (avail(want_page) < (long long)(want_len / want_page))
			SKIP(return, "the %s pool grew to %lld free pages, %llu needed",
			     SIZE_NAME(want_page), avail(want_page), want_len / want_page);
	}
	for (i = 0; i < self->n; i++)
		ASSERT_EQ(0, hugesize_pool(self->sizes[i], &before[i]));

	p = hugesize_map(length, PROT_READ | PROT_WRITE, MAP_PRIVATE, &got);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("hugesize_map: %s", strerror(errno));
	hugemap_check_aligned(p, "hugesize_map()");
	TH_LOG("%zu bytes: backing %d, %s pages, %zu mapped", length, got.backing,
	       SIZE_NAME(got.page_size), got.length);
	EXPECT_EQ(variant->backing, got.backing);
	EXPECT_EQ(want_page, got.page_size);
	EXPECT_EQ(want_len, got.length);
	EXPECT_EQ(0, (unsigned long)p % want_page);
	EXPECT_EQ(target >= 0 ? want_page : page, smaps_page_size(p));
	for (i = 0; i < self->n; i++) {
		unsigned long long moved = i == target ? want_len / want_page : 0;

		ASSERT_EQ(0, hugesize_pool(self->sizes[i], &mapped[i]));
		EXPECT_EQ(before[i].free, mapped[i].free) TH_LOG("%s free", SIZE_NAME(self->sizes[i]));
		EXPECT_EQ(before[i].resv + moved, mapped[i].resv)
			TH_LOG("%s resv", SIZE_NAME(self->sizes[i]));
	}
	if (got.backing == HUGESIZE_THP) {
		memset(p, 1, (size_t)want_page);
		EXPECT_EQ((long long)(want_page >> 10), anon_huge_kb(p))
			TH_LOG("AnonHugePages after touching one THP");
	}
	EXPECT_EQ(0, munmap(p, got.length));
	for (i = 0; i < self->n; i++) {
		ASSERT_EQ(0, hugesize_pool(self->sizes[i], &after[i]));
		EXPECT_EQ(0, memcmp(&before[i], &after[i], sizeof(after[i])))
			TH_LOG("%s pool not back after munmap", SIZE_NAME(self->sizes[i]));
	}
}

TEST_HARNESS_MAIN
