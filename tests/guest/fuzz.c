/* SPDX-License-Identifier: MIT */
/*
 * A seeded random fuzz of (flags, size field, length) over mmap(),
 * shmget() and memfd_create(): bounded in calls, reproducible from its
 * seed (HUGESIZE_FUZZ_SEED and HUGESIZE_FUZZ_CALLS override the defaults).
 * Every call is held to the contract:
 *  - an unsupported size with the HUGETLB flag: EINVAL (mmap, shmget) or
 *    ENODEV (memfd_create)
 *  - a supported one, for a length the free pool covers: it works (memfd:
 *    for a length that is a multiple of the page size), and the mapping has
 *    that page size; without the HUGETLB flag, base pages, or ENOMEM for
 *    more than RAM (the kernel's overcommit heuristic)
 *  - whatever works is released, and at the end every pool is back
 * The kernel must log no report (/init checks). Cheap pages are touched now
 * and then; gigantic ones never.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "hugesize-probe.h"
#include "populate.h"
#include "sizes.h"

#define DEFAULT_SEED	0x6875676573697a65ULL	/* "hugesize" */
#define DEFAULT_CALLS	5000	/* the patched-musl build; the others a fifth */
#define TOUCH_EVERY	64
#define MAX_REPORTS	10

static const enum hugemap_kind kinds[] = {
	HUGEMAP_MMAP_PRIVATE, HUGEMAP_MMAP_SHARED, HUGEMAP_SHMGET, HUGEMAP_MEMFD,
};

static unsigned long long sizes[HUGESIZE_SIZES_MAX], seed = DEFAULT_SEED, dflt, ram;
static int nsizes;
static long calls = DEFAULT_CALLS;

struct fuzz_call {
	struct hugemap_request req;
	unsigned long long page;	/* the size the field selects, 0: none */
};

static void draw(unsigned long long *rng, struct fuzz_call *c)
{
	unsigned int log2 = xorshift64(rng) % 4 ? 0 : xorshift64(rng) % 64;
	unsigned long long page;
	struct hugesize_pool pool;

	memset(c, 0, sizeof(*c));
	c->req.kind = kinds[xorshift64(rng) % (sizeof(kinds) / sizeof(kinds[0]))];
	c->req.hugetlb = xorshift64(rng) % 8 != 0;
	c->req.noreserve = xorshift64(rng) % 4 == 0 && c->req.kind != HUGEMAP_MEMFD;
	if (!log2 && xorshift64(rng) % 3) {
		page = sizes[xorshift64(rng) % nsizes];
		log2 = (unsigned int)__builtin_ctzll(page);
	}
	c->req.size_bits = log2 << MAP_HUGE_SHIFT;
	c->page = log2 ? (size_in(sizes, nsizes, 1ULL << log2) ? 1ULL << log2 : 0) : dflt;
	page = c->page ? c->page : dflt;
	switch (xorshift64(rng) % 10) {
	case 0: c->req.len = 0; break;
	case 1: c->req.len = 1; break;
	case 2: c->req.len = page - 1; break;
	case 3: c->req.len = page + 1; break;
	case 4: c->req.len = 2 * page; break;
	case 5: c->req.len = SIZE_MAX / 2; break;
	case 6:
		c->req.len = hugesize_pool(page, &pool) ? page : (pool.free - pool.resv + 1) * page;
		break;
	case 7: c->req.len = 1 + xorshift64(rng) % (64ULL << 20); break;
	default: c->req.len = page; break;
	}
}

/* What the contract says of a call: 0 when the result is right. */
static const char *verdict(const struct fuzz_call *c, int ret, struct hugemap *m)
{
	unsigned long long page = c->req.hugetlb ? c->page : (unsigned long long)getpagesize();
	unsigned long long rounded;
	struct hugesize_pool pool;

	if (c->req.len > SIZE_MAX / 4)
		return NULL;	/* beyond the address space: refused by the libc or the kernel */
	if (c->req.hugetlb && !c->page)
		return ret == (c->req.kind == HUGEMAP_MEMFD ? -ENODEV : -EINVAL) ? NULL
		       : "an unsupported size did not fail with EINVAL/ENODEV";
	if (!c->req.hugetlb && c->req.kind == HUGEMAP_MEMFD && c->req.size_bits)
		return ret == -EINVAL ? NULL : "size bits without MFD_HUGETLB did not fail with EINVAL";
	if (!ret)
		return smaps_page_size(m->view[0]) == page ? NULL : "the mapping has the wrong page size";
	if (!c->req.len)
		return NULL;	/* EINVAL, or memfd's mmap of nothing: fine */
	if (c->req.kind == HUGEMAP_MEMFD && c->req.len % page)
		return ret == -EINVAL ? NULL : "ftruncate to a partial page did not fail with EINVAL";
	rounded = (c->req.len + page - 1) / page;
	if (!c->req.hugetlb && c->req.len > ram)
		return ret == -ENOMEM ? NULL : "more than RAM in base pages did not fail with ENOMEM";
	if (!c->req.hugetlb || c->req.noreserve || hugesize_pool(page, &pool) ||
	    rounded <= pool.free - pool.resv)
		return "a call the pool covers failed";
	return ret == -ENOMEM ? NULL : "a call the pool does not cover did not fail with ENOMEM";
}

/* The sizes, and the seed and calls: defaults or the environment's. */
static unsigned long long configure(void)
{
	const char *env;

	nsizes = sizes_offered(sizes, HUGESIZE_SIZES_MAX);
	dflt = (unsigned long long)hugesize_default();
	ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)getpagesize();
	env = getenv("HUGESIZE_FUZZ_SEED");
	if (env)
		seed = strtoull(env, NULL, 0);
	if (!flavour_primary())
		calls /= 5;
	env = getenv("HUGESIZE_FUZZ_CALLS");
	if (env)
		calls = strtol(env, NULL, 0);
	return seed;
}

/*
 * A fixture only for its time limit: the harness's default of 30 s is too
 * short on a debug kernel under TCG (make check-debug), and /init bounds
 * every program by TEST_TIMEOUT anyway.
 */
FIXTURE(fuzz) {};
FIXTURE_SETUP(fuzz) {}
FIXTURE_TEARDOWN(fuzz) {}

TEST_F_TIMEOUT(fuzz, mmap_shmget_memfd_all_sizes, 900)
{
	unsigned long long rng = configure();
	struct hugesize_pool before[HUGESIZE_SIZES_MAX], after;
	struct fuzz_call c;
	struct hugemap m;
	long i, failed = 0, worked = 0;
	const char *why;
	int ret, k;

	SIZES_NEEDED(nsizes);
	for (k = 0; k < nsizes; k++)
		ASSERT_EQ(0, hugesize_pool(sizes[k], &before[k]));
	for (i = 0; i < calls; i++) {
		draw(&rng, &c);
		ret = hugemap_create(&m, &c.req);
		why = verdict(&c, ret, &m);
		if (!ret) {
			worked++;
			if (c.req.hugetlb && size_cheap(c.page) && i % TOUCH_EVERY == 0)
				m.view[0][0] = 1;
			EXPECT_EQ(0, hugemap_release(&m));
		}
		if (why && failed++ < MAX_REPORTS)
			TH_LOG("call %ld: %s (%s, hugetlb %d, noreserve %d, 2^%u, length %zu): %s",
			       i, why, hugemap_kind_name(c.req.kind), c.req.hugetlb, c.req.noreserve,
			       c.req.size_bits >> MAP_HUGE_SHIFT, c.req.len, ret ? strerror(-ret) : "worked");
	}
	TH_LOG("seed %#llx: %ld calls, %ld worked, %ld broke the contract", seed, calls, worked, failed);
	EXPECT_EQ(0, failed);
	for (k = 0; k < nsizes; k++) {
		ASSERT_EQ(0, hugesize_pool(sizes[k], &after));
		EXPECT_EQ(0, memcmp(&before[k], &after, sizeof(after)))
			TH_LOG("%s pool not back to where it was", SIZE_NAME(sizes[k]));
	}
}

TEST_HARNESS_MAIN
