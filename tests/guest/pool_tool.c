/* SPDX-License-Identifier: MIT */
/*
 * `hugesize pool SIZE COUNT` on the smallest size of at least 2 MB (cheap
 * to allocate at run time), checked against nr_hugepages and free_hugepages:
 *  - grow by a few pages and shrink back: exit 0, the counters follow
 *  - ask for more pages than the guest has memory: the kernel grants what
 *    it can, the tool says "partial" with that count and exits 1
 *  - as nobody: exit 1 with the reason and the fix, nothing changed
 * Every case restores the pool; /init checks it is back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "tool.h"

#define NOBODY 65534

FIXTURE(pool) {
	unsigned long long size;
	long long nr, free;
	char name[24], count[32], out[4096];
	const char *args[4];
};

FIXTURE_SETUP(pool)
{
	unsigned long long sizes[SIZES_MAX];
	int i, n = sizes_offered(sizes, SIZES_MAX);

	/* Not arm64's 64 KB: a pool grown over all memory in pages that small
	 * takes the last fragments too, and the guest panicked out of memory
	 * before the test could shrink it; 2 MB pages leave the kernel those. */
	for (i = 0; i < n - 1 && sizes[i] < (2ULL << 20); i++)
		;
	self->size = sizes[i];
	self->nr = pool_count(-1, self->size, "nr_hugepages");
	self->free = pool_count(-1, self->size, "free_hugepages");
	ASSERT_LE(0, self->nr);
	size_name(self->size, self->name, sizeof(self->name));
	self->args[0] = "pool";
	self->args[1] = self->name;
	self->args[2] = self->count;
	self->args[3] = NULL;
}

FIXTURE_TEARDOWN(pool)
{
	EXPECT_EQ(self->nr, pool_count(-1, self->size, "nr_hugepages"));
	EXPECT_EQ(self->free, pool_count(-1, self->size, "free_hugepages"));
}

/* hugesize pool SIZE count, as uid: its exit status; output in self->out. */
static int set_pool(FIXTURE_DATA(pool) *self, long long count, int uid)
{
	snprintf(self->count, sizeof(self->count), "%lld", count);
	return tool_run(self->out, sizeof(self->out), uid, self->args);
}

TEST_F(pool, grow_and_shrink)
{
	char want[64];

	TH_LOG("%s pool: %lld pages", self->name, self->nr);
	EXPECT_EQ(0, set_pool(self, self->nr + 4, TOOL_AS_IS)) TH_LOG("%s", self->out);
	snprintf(want, sizeof(want), "%lld -> %lld pages", self->nr, self->nr + 4);
	EXPECT_NE(NULL, strstr(self->out, want)) TH_LOG("%s", self->out);
	EXPECT_EQ(self->nr + 4, pool_count(-1, self->size, "nr_hugepages"));
	EXPECT_EQ(self->free + 4, pool_count(-1, self->size, "free_hugepages"));
	EXPECT_EQ(0, set_pool(self, self->nr, TOOL_AS_IS)) TH_LOG("%s", self->out);
}

TEST_F(pool, more_than_memory_partial)
{
	long long mem = hugesize_read_number("/proc/meminfo", "MemTotal:", 1);
	long long ask, got, said = -1;
	const char *at;

	ASSERT_LT(0, mem);
	ask = self->nr + mem / (long long)self->size + 1;
	TH_LOG("asking for %lld %s pages, %lld MB of memory in all", ask, self->name, mem >> 20);
	EXPECT_EQ(1, set_pool(self, ask, TOOL_AS_IS)) TH_LOG("%s", self->out);
	got = pool_count(-1, self->size, "nr_hugepages");
	at = strstr(self->out, "partial: the kernel gave ");
	ASSERT_NE(NULL, at) TH_LOG("%s", self->out);
	EXPECT_EQ(1, sscanf(at, "partial: the kernel gave %lld", &said));
	EXPECT_EQ(got, said);
	EXPECT_LE(self->nr, got);
	EXPECT_GT(ask, got);
	EXPECT_EQ(0, set_pool(self, self->nr, TOOL_AS_IS)) TH_LOG("%s", self->out);
}

TEST_F(pool, unprivileged_clear_error)
{
	EXPECT_EQ(1, set_pool(self, self->nr + 1, NOBODY)) TH_LOG("%s", self->out);
	EXPECT_NE(NULL, strstr(self->out, "Permission denied")) TH_LOG("%s", self->out);
	EXPECT_NE(NULL, strstr(self->out, "changing a pool needs root")) TH_LOG("%s", self->out);
	EXPECT_EQ(self->nr, pool_count(-1, self->size, "nr_hugepages"));
}

TEST_HARNESS_MAIN
