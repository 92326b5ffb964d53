/* SPDX-License-Identifier: MIT */
/*
 * NUMA, the use case that motivated the size field: in a guest with two
 * nodes and per-node pools (`make check`'s NUMA stage), huge pages of the
 * smallest size spread over both nodes with mbind(MPOL_INTERLEAVE), and a
 * page of the largest size lands on the node mbind(MPOL_BIND) names. Both
 * are proven twice: /proc/self/numa_maps (kernelpagesize_kB, N0=, N1=) and
 * the per-node counters under /sys/devices/system/node/node<N>/hugepages/.
 * Not part of the main guest (one node); with one node the tests skip.
 */
#include <errno.h>
#include <linux/mempolicy.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "hugesize-probe.h"
#include "sizes.h"
#include "tool.h"

#define NODES		2
#define INTERLEAVED	8	/* pages, over both nodes */

struct placement {
	unsigned long long page_kb;
	long on_node[NODES];
};

static long node_free(int node, unsigned long long size)
{
	return (long)pool_count(node, size, "free_hugepages");
}

/* The numa_maps line of the mapping that starts at addr. */
static int numa_placement(const void *addr, struct placement *pl)
{
	char line[1024], *tok, *save;
	unsigned long start;
	int node, found = 0;
	long pages;
	FILE *f = fopen("/proc/self/numa_maps", "r");

	memset(pl, 0, sizeof(*pl));
	while (f && !found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx ", &start) != 1 || start != (unsigned long)addr)
			continue;
		found = 1;
		for (tok = strtok_r(line, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
			if (sscanf(tok, "N%d=%ld", &node, &pages) == 2 && node >= 0 && node < NODES)
				pl->on_node[node] = pages;
			sscanf(tok, "kernelpagesize_kB=%llu", &pl->page_kb);
		}
	}
	if (f)
		fclose(f);
	return found ? 0 : -1;
}

/* mbind.<policy>.mmap_private: the smallest size interleaved, the largest bound. */
FIXTURE(mbind) {
	unsigned long long size;
	long pages;
};

FIXTURE_VARIANT(mbind) {
	int mode;
};

FIXTURE_VARIANT_ADD(mbind, interleave_nodes_0_1) { .mode = MPOL_INTERLEAVE };
FIXTURE_VARIANT_ADD(mbind, bind_remote_node) { .mode = MPOL_BIND };

FIXTURE_SETUP(mbind)
{
	unsigned long long sizes[HUGESIZE_SIZES_MAX];
	int n = sizes_offered(sizes, HUGESIZE_SIZES_MAX);

	self->size = variant->mode == MPOL_INTERLEAVE ? sizes[0] : sizes[n - 1];
	self->pages = variant->mode == MPOL_INTERLEAVE ? INTERLEAVED : 1;
}

FIXTURE_TEARDOWN(mbind)
{
}

TEST_F(mbind, mmap_private)
{
	long before[NODES], want[NODES];
	size_t len = (size_t)self->pages * self->size;
	unsigned int cpu, here;
	unsigned long mask = 3;
	struct placement pl;
	int node;
	char *p;

	if (access(HUGESIZE_NODE_DIR "/node1", F_OK))
		SKIP(return, "one NUMA node: the NUMA stage boots a guest with two");
	TH_LOG("%ld pages of %s", self->pages, SIZE_NAME(self->size));
	/* Bound to the node we do not run on: not where the page would go anyway. */
	ASSERT_EQ(0, syscall(SYS_getcpu, &cpu, &here, NULL));
	if (variant->mode == MPOL_BIND)
		mask = 1UL << (here ? 0 : 1);
	for (node = 0; node < NODES; node++) {
		before[node] = node_free(node, self->size);
		want[node] = variant->mode == MPOL_INTERLEAVE ? self->pages / NODES :
								(long)(mask >> node & 1);
		if (before[node] < want[node])
			SKIP(return, "node %d has %ld free %s pages", node, before[node],
			     SIZE_NAME(self->size));
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB |
		 (int)hugesize_flags(self->size), -1, 0);
	ASSERT_NE(MAP_FAILED, p) TH_LOG("mmap: %s", strerror(errno));
	hugemap_check_aligned(p, "mmap(MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB)");
	ASSERT_EQ(0, syscall(SYS_mbind, p, len, variant->mode, &mask, NODES + 1, 0))
		TH_LOG("mbind: %s", strerror(errno));
	memset(p, 0x5a, len);

	ASSERT_EQ(0, numa_placement(p, &pl));
	EXPECT_EQ(self->size >> 10, pl.page_kb);
	for (node = 0; node < NODES; node++) {
		EXPECT_EQ(want[node], pl.on_node[node]) TH_LOG("numa_maps N%d=", node);
		EXPECT_EQ(before[node] - want[node], node_free(node, self->size))
			TH_LOG("node %d free_hugepages", node);
	}
	EXPECT_EQ(0, munmap(p, len));
	for (node = 0; node < NODES; node++)
		EXPECT_EQ(before[node], node_free(node, self->size));
}

/* hugesize pool --node: only that node's pool moves, and list shows both. */
TEST(hugesize_pool_node)
{
	unsigned long long sizes[HUGESIZE_SIZES_MAX];
	long long had[NODES], total;
	char out[4096], count[32];
	const char *set[] = { "pool", NULL, count, "--node", "1", NULL };
	const char *list[] = { "list", NULL };
	int node;

	if (access(HUGESIZE_NODE_DIR "/node1", F_OK))
		SKIP(return, "one NUMA node: the NUMA stage boots a guest with two");
	sizes_offered(sizes, HUGESIZE_SIZES_MAX);
	set[1] = SIZE_NAME(sizes[0]);
	for (node = 0; node < NODES; node++)
		had[node] = pool_count(node, sizes[0], "nr_hugepages");
	total = pool_count(-1, sizes[0], "nr_hugepages");
	ASSERT_LE(0, had[1]);

	snprintf(count, sizeof(count), "%lld", had[1] + 2);
	EXPECT_EQ(0, tool_run(out, sizeof(out), TOOL_AS_IS, set)) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "pool of node 1")) TH_LOG("%s", out);
	EXPECT_EQ(had[1] + 2, pool_count(1, sizes[0], "nr_hugepages"));
	EXPECT_EQ(had[0], pool_count(0, sizes[0], "nr_hugepages"));
	EXPECT_EQ(total + 2, pool_count(-1, sizes[0], "nr_hugepages"));

	EXPECT_EQ(0, tool_run(out, sizeof(out), TOOL_AS_IS, list)) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "\n  node0 ")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "\n  node1 ")) TH_LOG("%s", out);

	snprintf(count, sizeof(count), "%lld", had[1]);
	EXPECT_EQ(0, tool_run(out, sizeof(out), TOOL_AS_IS, set)) TH_LOG("%s", out);
	for (node = 0; node < NODES; node++)
		EXPECT_EQ(had[node], pool_count(node, sizes[0], "nr_hugepages"));
	EXPECT_EQ(total, pool_count(-1, sizes[0], "nr_hugepages"));
}

TEST_HARNESS_MAIN
