/* SPDX-License-Identifier: MIT */
/*
 * Pools grown and shrunk at run time, on two sizes: the smallest of at least
 * 2 MB (cheap to allocate) and the largest (gigantic: 1 GB on x86-64 and
 * arm64, which needs CONFIG_CONTIG_ALLOC), each through sysfs's nr_hugepages
 * and through `hugesize pool SIZE COUNT`, checked against nr_hugepages and
 * free_hugepages:
 *  - grow by a few pages (one gigantic) and shrink back: the counters follow
 *  - ask for more pages than the guest has memory: the kernel grants what it
 *    can; the tool says "partial" with that count and exits 1 (gigantic
 *    sizes only: a pool of small pages takes all memory first)
 *  - as nobody: refused (EACCES; the tool exits 1 with the reason and the
 *    fix), nothing changed
 * Every case restores the pool; /init checks it is back.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "hugesize-compat.h"
#include "hugesize-probe.h"
#include "sizes.h"
#include "tool.h"

#define NOBODY 65534

FIXTURE(pool) {
	unsigned long long size;
	long long nr, free, grow;
	char name[24], out[4096];
};

FIXTURE_VARIANT(pool) {
	int largest;	/* the largest size, else the smallest of >= 2 MB */
	int tool;	/* hugesize pool, else sysfs */
};
FIXTURE_VARIANT_ADD(pool, small_sysfs) { .largest = 0, .tool = 0 };
FIXTURE_VARIANT_ADD(pool, small_tool) { .largest = 0, .tool = 1 };
FIXTURE_VARIANT_ADD(pool, largest_sysfs) { .largest = 1, .tool = 0 };
FIXTURE_VARIANT_ADD(pool, largest_tool) { .largest = 1, .tool = 1 };

FIXTURE_SETUP(pool)
{
	unsigned long long sizes[HUGESIZE_SIZES_MAX];
	int i, n = sizes_offered(sizes, HUGESIZE_SIZES_MAX);

	SIZES_NEEDED(n);
	/* Not arm64's 64 KB: a pool grown over all memory in pages that small
	 * takes the last fragments too, and the guest panicked out of memory
	 * before the test could shrink it; 2 MB pages leave the kernel those. */
	for (i = 0; i < n - 1 && sizes[i] < (2ULL << 20); i++)
		;
	self->size = variant->largest ? sizes[n - 1] : sizes[i];
	self->grow = variant->largest ? 1 : 4;
	self->nr = pool_count(-1, self->size, "nr_hugepages");
	self->free = pool_count(-1, self->size, "free_hugepages");
	ASSERT_LE(0, self->nr);
	size_name(self->size, self->name, sizeof(self->name));
}

FIXTURE_TEARDOWN(pool)
{
	EXPECT_EQ(self->nr, pool_count(-1, self->size, "nr_hugepages"));
	EXPECT_EQ(self->free, pool_count(-1, self->size, "free_hugepages"));
}

/* Writes count to nr_hugepages as uid: 0, or the errno of the write. */
static int sysfs_set(unsigned long long size, long long count, int uid)
{
	char path[POOL_PATH_MAX], text[32];
	int fd, len, status;
	pid_t pid;

	pool_path(path, sizeof(path), -1, size, "nr_hugepages");
	len = snprintf(text, sizeof(text), "%lld\n", count);
	pid = fork();
	if (pid == 0) {
		if (become(uid))
			_exit(126);
		fd = open(path, O_WRONLY);
		if (fd < 0 || write(fd, text, len) != len)
			_exit(errno);
		_exit(close(fd) ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Sets the pool to count pages as uid, the variant's way: 0 when the kernel
 * gave them all, 1 when it gave fewer or refused (the reason in self->out). */
static int set_pool(FIXTURE_DATA(pool) *self, const FIXTURE_VARIANT(pool) *variant,
		    long long count, int uid)
{
	char number[32];
	const char *args[] = { "pool", self->name, number, NULL };
	int err;

	snprintf(number, sizeof(number), "%lld", count);
	if (variant->tool)
		return tool_run(self->out, sizeof(self->out), uid, args);
	err = sysfs_set(self->size, count, uid);
	snprintf(self->out, sizeof(self->out), "%s", err ? strerror(err) : "");
	return err || pool_count(-1, self->size, "nr_hugepages") != count;
}

TEST_F(pool, grow_and_shrink)
{
	long long mem = hugesize_read_number("/proc/meminfo", "MemTotal:", 1);
	char want[64];

	if ((long long)self->size * self->grow > mem / 2)
		SKIP(return, "%lld %s page(s) do not fit in half the guest's %lld MB",
		     self->grow, self->name, mem >> 20);
	TH_LOG("%s pool: %lld pages, growing by %lld", self->name, self->nr, self->grow);
	EXPECT_EQ(0, set_pool(self, variant, self->nr + self->grow, TOOL_AS_IS)) TH_LOG("%s", self->out);
	if (variant->tool) {
		snprintf(want, sizeof(want), "%lld -> %lld pages", self->nr, self->nr + self->grow);
		EXPECT_NE(NULL, strstr(self->out, want)) TH_LOG("%s", self->out);
	}
	EXPECT_EQ(self->nr + self->grow, pool_count(-1, self->size, "nr_hugepages"));
	EXPECT_EQ(self->free + self->grow, pool_count(-1, self->size, "free_hugepages"));
	EXPECT_EQ(0, set_pool(self, variant, self->nr, TOOL_AS_IS)) TH_LOG("%s", self->out);
	EXPECT_EQ(self->nr, pool_count(-1, self->size, "nr_hugepages"));
}

TEST_F(pool, more_than_memory_partial)
{
	long long mem = hugesize_read_number("/proc/meminfo", "MemTotal:", 1);
	long long ask, got, said = -1;
	const char *at;

	ASSERT_LT(0, mem);
	/* With compaction the kernel grows a pool of small pages over all
	 * memory before it says no, and the guest dies out of memory; what a
	 * pool of gigantic pages cannot take stays the kernel's. */
	if ((long long)self->size < mem / 8)
		SKIP(return, "%s pages would take all the guest's %lld MB before a partial grant: "
		     "only a size of an eighth of memory or more is safe", self->name, mem >> 20);
	ask = self->nr + mem / (long long)self->size + 1;
	TH_LOG("asking for %lld %s pages, %lld MB of memory in all", ask, self->name, mem >> 20);
	EXPECT_EQ(1, set_pool(self, variant, ask, TOOL_AS_IS)) TH_LOG("%s", self->out);
	got = pool_count(-1, self->size, "nr_hugepages");
	TH_LOG("the kernel gave %lld", got);
	if (variant->tool) {
		at = strstr(self->out, "partial: the kernel gave ");
		ASSERT_NE(NULL, at) TH_LOG("%s", self->out);
		EXPECT_EQ(1, sscanf(at, "partial: the kernel gave %lld", &said));
		EXPECT_EQ(got, said);
	}
	EXPECT_LE(self->nr, got);
	EXPECT_GT(ask, got);
	EXPECT_EQ(0, set_pool(self, variant, self->nr, TOOL_AS_IS)) TH_LOG("%s", self->out);
}

TEST_F(pool, unprivileged_refused)
{
	EXPECT_EQ(1, set_pool(self, variant, self->nr + 1, NOBODY)) TH_LOG("%s", self->out);
	EXPECT_NE(NULL, strstr(self->out, "Permission denied")) TH_LOG("%s", self->out);
	if (variant->tool)
		EXPECT_NE(NULL, strstr(self->out, "changing a pool needs root")) TH_LOG("%s", self->out);
	EXPECT_EQ(self->nr, pool_count(-1, self->size, "nr_hugepages"));
}

TEST_HARNESS_MAIN
