/* SPDX-License-Identifier: MIT */
/*
 * hugesize - list the huge page sizes a kernel offers, show the flags that
 * select one, map pages of one to see the kernel use it, let hugesize_map()
 * choose, and set the size of a pool.
 *
 * Built on hugesize-compat.h, so it shows what the header gives; what the
 * kernel did is read back by hugesize-probe.c, which the guest tests share.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <hugesize-compat.h>
#include "hugesize-probe.h"

enum { EXIT_USAGE = 2, MAX_NODES = 64 };

static const char usage_text[] =
	"Usage: hugesize list\n"
	"       hugesize flags SIZE\n"
	"       hugesize map SIZE [COUNT]\n"
	"       hugesize try LENGTH\n"
	"       hugesize pool SIZE COUNT [--node N]\n"
	"       hugesize --help\n"
	"\n"
	"  list              the huge page sizes this kernel offers and their pools\n"
	"                    (* marks the default size)\n"
	"  flags SIZE        the MAP_, SHM_ and MFD_ flag values that select SIZE\n"
	"  map SIZE [COUNT]  map COUNT (default 1) pages of SIZE, touch them and\n"
	"                    report the page size used, the faults and the pools\n"
	"  try LENGTH        map LENGTH bytes with hugesize_map(): the largest page\n"
	"                    size that works, else THP, else base pages; report it\n"
	"  pool SIZE COUNT [--node N]\n"
	"                    (root) set the pool of SIZE (of node N) to COUNT pages\n"
	"                    and report what the kernel gave; fewer: exit 1\n"
	"\n"
	"SIZE is a byte count with an optional binary unit: 2M, 2MiB, 2048kB, 1G,\n"
	"16G, 65536. Exit status: 0 success, 1 failure, 2 bad usage.\n";

static int usage_error(const char *fmt, const char *arg)
{
	fputs("hugesize: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'hugesize --help'.\n", stderr);
	return EXIT_USAGE;
}

/* "2M", "64K", "16G", "512": the largest binary unit that divides bytes. */
static const char *size_text(unsigned long long bytes, char *buf, size_t len)
{
	static const char units[] = "KMGTPE";
	int i = -1;

	while (i < 5 && bytes >= 1024 && bytes % 1024 == 0) {
		bytes /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%llu", bytes);
	else
		snprintf(buf, len, "%llu%c", bytes, units[i]);
	return buf;
}

/* The sizes that have MAP_HUGE_<n><unit>B constants in the header. */
#define NAMED_FLAG(size, log2) MAP_HUGE_##size,
static const unsigned long long named_flags[] = { HUGESIZE_NAMED_SIZES(NAMED_FLAG) };

/* "MAP_HUGE_2MB" when the header names this size, else "(21 << MAP_HUGE_SHIFT)". */
static const char *flag_name(const char *prefix, long long flags, char *buf, size_t len)
{
	char size[32];

	for (size_t i = 0; i < sizeof named_flags / sizeof named_flags[0]; i++)
		if (named_flags[i] == (unsigned long long)flags) {
			snprintf(buf, len, "%s_HUGE_%sB", prefix,
				 size_text(hugesize_bytes(flags), size, sizeof size));
			return buf;
		}
	snprintf(buf, len, "(%lld << %s_HUGE_SHIFT)", flags >> MAP_HUGE_SHIFT, prefix);
	return buf;
}

/* Parses SIZE for flags and map: a power of two the kernel can encode. */
static int parse_size(const char *text, unsigned long long *bytes)
{
	long long value = hugesize_parse(text);

	if (value < 0)
		return usage_error(errno == ERANGE ? "size '%s' is too large"
						   : "'%s' is not a size (try 2M, 1G, 65536)", text);
	if (value > 0 && hugesize_flags((unsigned long long)value) < 0)
		return usage_error("size '%s' is not a power of two", text);
	*bytes = (unsigned long long)value;
	return 0;
}

static int ascending(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* The NUMA nodes (node0, node1, ...), ascending; how many. */
static int numa_nodes(int *nodes, int max)
{
	DIR *dir = opendir(HUGESIZE_NODE_DIR);
	struct dirent *entry;
	int n = 0, node;
	char end;

	if (!dir)
		return 0;
	while ((entry = readdir(dir)) && n < max)
		if (sscanf(entry->d_name, "node%d%c", &node, &end) == 1 && node >= 0)
			nodes[n++] = node;
	closedir(dir);
	qsort(nodes, (size_t)n, sizeof *nodes, ascending);
	return n;
}

static int cmd_list(void)
{
	int count = hugesize_list(NULL, 0);
	long long def = hugesize_default();
	char size[32];

	if (count <= 0) {
		fprintf(stderr, "hugesize: no huge page sizes under %s "
			"(a kernel without CONFIG_HUGETLBFS, or no sysfs)\n", HUGESIZE_SYSFS_DIR);
		return 1;
	}
	unsigned long long sizes[count];
	int nodes[MAX_NODES], nnodes = numa_nodes(nodes, MAX_NODES);
	count = hugesize_list(sizes, count);
	printf("%-8s %10s %10s %10s %10s\n", "SIZE", "PAGES", "FREE", "RESERVED", "SURPLUS");
	for (int i = 0; i < count; i++) {
		struct hugesize_pool pool;

		if (hugesize_pool(sizes[i], &pool) < 0) {
			fprintf(stderr, "hugesize: cannot read the %s pool: %s\n",
				size_text(sizes[i], size, sizeof size), strerror(errno));
			return 1;
		}
		printf("%-6s %c %10llu %10llu %10llu %10llu\n",
		       size_text(sizes[i], size, sizeof size),
		       (long long)sizes[i] == def ? '*' : ' ',
		       pool.nr, pool.free, pool.resv, pool.surplus);
		/* Reservations are not kept per node. */
		for (int j = 0; nnodes > 1 && j < nnodes; j++)
			printf("  node%-2d %10lld %10lld %10s %10lld\n", nodes[j],
			       pool_count(nodes[j], sizes[i], "nr_hugepages"),
			       pool_count(nodes[j], sizes[i], "free_hugepages"), "-",
			       pool_count(nodes[j], sizes[i], "surplus_hugepages"));
	}
	printf("* default size (Hugepagesize in %s)\n", HUGESIZE_MEMINFO);
	if (nnodes > 1)
		printf("nodeN: that NUMA node's share (%s/nodeN/hugepages)\n", HUGESIZE_NODE_DIR);
	return 0;
}

static int offered(unsigned long long bytes)
{
	int count = hugesize_list(NULL, 0);

	if (count <= 0)
		return 0;
	unsigned long long sizes[count];
	count = hugesize_list(sizes, count);
	for (int i = 0; i < count; i++)
		if (sizes[i] == bytes)
			return 1;
	return 0;
}

static int cmd_flags(const char *text)
{
	static const struct {
		const char *call, *prefix;
		unsigned long hugetlb;
	} calls[] = {
		{ "mmap", "MAP", MAP_HUGETLB },
		{ "shmget", "SHM", SHM_HUGETLB },
		{ "memfd_create", "MFD", MFD_HUGETLB },
	};
	unsigned long long bytes;
	char size[32], name[64];
	int status = parse_size(text, &bytes);

	if (status)
		return status;
	long long flags = hugesize_flags(bytes);
	if (bytes == 0)
		printf("size field 0: the default huge page size\n");
	else
		printf("size %s = %llu bytes = 2^%lld\n", size_text(bytes, size, sizeof size),
		       bytes, flags >> MAP_HUGE_SHIFT);
	for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
		char both[96];

		if (bytes)
			snprintf(both, sizeof both, "%s_HUGETLB | %s", calls[i].prefix,
				 flag_name(calls[i].prefix, flags, name, sizeof name));
		else
			snprintf(both, sizeof both, "%s_HUGETLB", calls[i].prefix);
		printf("  %-13s %-40s = 0x%08llx\n", calls[i].call, both,
		       (unsigned long long)flags | calls[i].hugetlb);
	}
	if (bytes)
		printf("this kernel %s %s pages\n", offered(bytes) ? "offers" : "does not offer",
		       size_text(bytes, size, sizeof size));
	return 0;
}

/* Pages of the pool that a mapping holds: allocated and not free. */
static unsigned long long in_use(const struct hugesize_pool *pool)
{
	return pool->nr - pool->free;
}

static int read_pool(unsigned long long bytes, struct hugesize_pool *pool)
{
	char size[32];

	if (hugesize_pool(bytes, pool) == 0)
		return 0;
	if (errno == ENOENT)
		fprintf(stderr, "hugesize: this kernel has no %s huge pages; "
			"'hugesize list' shows the sizes it has\n", size_text(bytes, size, sizeof size));
	else
		fprintf(stderr, "hugesize: cannot read the %s pool: %s\n",
			size_text(bytes, size, sizeof size), strerror(errno));
	return -1;
}

static int cmd_map(const char *size_arg, const char *count_arg)
{
	unsigned long long bytes, count = 1;
	struct hugesize_pool before, mapped, touched, after;
	char size[32], name[64], path[POOL_PATH_MAX];
	int status = parse_size(size_arg, &bytes);

	if (status)
		return status;
	if (bytes == 0)
		return usage_error("map needs a page size, not '%s'", size_arg);
	if (count_arg) {
		long long n = hugesize_parse(count_arg);

		if (n <= 0 || n > 1 << 20 || strspn(count_arg, "0123456789") != strlen(count_arg))
			return usage_error("COUNT '%s' is not a number of pages from 1 to 1048576",
					   count_arg);
		count = (unsigned long long)n;
	}
	if (bytes > SIZE_MAX / count)
		return usage_error("%s pages do not fit in the address space", count_arg);
	size_text(bytes, size, sizeof size);
	if (read_pool(bytes, &before))
		return 1;

	long long flags = hugesize_flags(bytes);
	size_t len = (size_t)(bytes * count);
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | (int)flags, -1, 0);
	if (p == MAP_FAILED) {
		int err = errno;

		fprintf(stderr, "hugesize: mmap of %llu x %s pages: %s\n", count, size, strerror(err));
		if (err == ENOMEM)
			fprintf(stderr, "  the %s pool has %llu free pages; to grow it (as root):\n"
				"  echo %llu > %s\n", size, before.free,
				before.nr + count - (before.free < count ? before.free : count),
				pool_path(path, sizeof path, -1, bytes, "nr_hugepages"));
		else if (err == EINVAL)
			fprintf(stderr, "  the kernel does not take %s pages here\n", size);
		return 1;
	}
	int ok = read_pool(bytes, &mapped) == 0;
	long faults = minor_faults();
	for (unsigned long long i = 0; i < count; i++)
		((volatile char *)p)[i * bytes] = 1;
	faults = minor_faults() - faults;
	ok = ok && read_pool(bytes, &touched) == 0;
	unsigned long long page = smaps_page_size(p);
	munmap(p, len);
	ok = ok && read_pool(bytes, &after) == 0;
	if (!ok)
		return 1;

	printf("mapped %llu x %s at %p with MAP_HUGETLB | %s\n", count, size, (void *)p,
	       flag_name("MAP", flags, name, sizeof name));
	printf("  KernelPageSize  %llu kB (%s)\n", page >> 10,
	       page == bytes ? "as asked" : "NOT the size asked for");
	printf("  minor faults    %ld for %llu page%s\n", faults, count, count == 1 ? "" : "s");
	printf("  pool %-10s free %llu -> %llu, reserved %llu -> %llu -> %llu, in use %llu -> %llu\n",
	       size, before.free, touched.free, before.resv, mapped.resv, touched.resv,
	       in_use(&before), in_use(&touched));
	printf("  after munmap    free %llu, reserved %llu (%s)\n", after.free, after.resv,
	       after.free == before.free && after.resv == before.resv ? "back where it started"
								      : "NOT back where it started");
	int good = page == bytes && in_use(&touched) - in_use(&before) == count &&
		   after.free == before.free && after.resv == before.resv;
	printf("%s\n", good ? "ok" : "FAILED");
	return good ? 0 : 1;
}

/* A count of pages: digits only, at most max. */
static int parse_count(const char *text, const char *what, unsigned long long max,
		       unsigned long long *count)
{
	long long n = hugesize_parse(text);

	if (n < 0 || (unsigned long long)n > max || strspn(text, "0123456789") != strlen(text)) {
		fputs("hugesize: ", stderr);
		fprintf(stderr, "%s '%s' is not a number from 0 to %llu", what, text, max);
		fputs("\nTry 'hugesize --help'.\n", stderr);
		return EXIT_USAGE;
	}
	*count = (unsigned long long)n;
	return 0;
}

static const char *const backing_names[] = {
	[HUGESIZE_HUGETLB] = "hugetlb", [HUGESIZE_THP] = "THP", [HUGESIZE_BASE] = "base",
};

static int cmd_try(const char *arg)
{
	struct hugesize_mapping got;
	long long length = hugesize_parse(arg);
	char size[32], len[32];

	if (length <= 0 || (unsigned long long)length > SIZE_MAX)
		return usage_error("'%s' is not a length (try 1G, 3M, 4096)", arg);
	int count = hugesize_list(NULL, 0);
	unsigned long long sizes[count > 0 ? count : 1];
	struct hugesize_pool before[count > 0 ? count : 1], after[count > 0 ? count : 1];
	count = hugesize_list(sizes, count > 0 ? count : 0);
	for (int i = 0; i < count; i++)
		if (read_pool(sizes[i], &before[i]))
			return 1;

	char *p = hugesize_map((size_t)length, PROT_READ | PROT_WRITE, MAP_PRIVATE, &got);
	if (p == MAP_FAILED) {
		fprintf(stderr, "hugesize: hugesize_map(%s): %s\n", arg, strerror(errno));
		return 1;
	}
	unsigned long long page = smaps_page_size(p);
	for (int i = 0; i < count; i++)
		if (read_pool(sizes[i], &after[i]))
			return 1;
	munmap(p, got.length);

	printf("hugesize_map(%s): %s pages of %s, %s mapped at %p\n", arg,
	       backing_names[got.backing], size_text(got.page_size, size, sizeof size),
	       size_text(got.length, len, sizeof len), (void *)p);
	if (got.backing == HUGESIZE_THP)
		printf("  THP: the kernel picks the page at each fault (smaps AnonHugePages tells)\n");
	printf("  KernelPageSize  %llu kB\n", page >> 10);
	for (int i = 0; i < count; i++)
		printf("  pool %-10s free %llu -> %llu, reserved %llu -> %llu\n",
		       size_text(sizes[i], size, sizeof size), before[i].free, after[i].free,
		       before[i].resv, after[i].resv);
	return got.backing == HUGESIZE_HUGETLB && page != got.page_size ? 1 : 0;
}

static int cmd_pool(const char *size_arg, const char *count_arg, const char *node_arg)
{
	unsigned long long bytes, want, node = 0;
	char path[POOL_PATH_MAX], size[32], where[48] = "";
	int status = parse_size(size_arg, &bytes);

	if (status)
		return status;
	if (bytes == 0)
		return usage_error("pool needs a page size, not '%s'", size_arg);
	if ((status = parse_count(count_arg, "COUNT", HUGESIZE_LLONG_MAX, &want)) ||
	    (node_arg && (status = parse_count(node_arg, "node", MAX_NODES * 1024, &node))))
		return status;
	size_text(bytes, size, sizeof size);
	if (node_arg)
		snprintf(where, sizeof where, " of node %llu", node);
	pool_path(path, sizeof path, node_arg ? (int)node : -1, bytes, "nr_hugepages");

	long long had = hugesize_read_number(path, "", 0);
	if (had < 0) {
		if (errno != ENOENT)
			fprintf(stderr, "hugesize: cannot read %s: %s\n", path, strerror(errno));
		else if (!offered(bytes))
			fprintf(stderr, "hugesize: this kernel has no %s huge pages; "
				"'hugesize list' shows the sizes it has\n", size);
		else
			fprintf(stderr, "hugesize: there is no NUMA node %llu (%s)\n", node, path);
		return 1;
	}
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		int err = errno;

		fprintf(stderr, "hugesize: cannot change the %s pool%s: %s: %s\n", size, where, path,
			strerror(err));
		if (err == EACCES || err == EPERM)
			fprintf(stderr, "  changing a pool needs root: sudo hugesize pool %s %s%s%s\n",
				size_arg, count_arg, node_arg ? " --node " : "", node_arg ? node_arg : "");
		else if (err == EROFS)
			fprintf(stderr, "  sysfs is mounted read-only here (a container?); "
				"change the pool on the host\n");
		return 1;
	}
	char text[32];
	int n = snprintf(text, sizeof text, "%llu\n", want);
	ssize_t written = write(fd, text, (size_t)n);
	int err = errno;
	close(fd);
	if (written != n) {
		fprintf(stderr, "hugesize: the kernel refused %llu pages for the %s pool%s: %s\n",
			want, size, where, written < 0 ? strerror(err) : "short write");
		if (written < 0 && err == EINVAL && want > (unsigned long long)had)
			fprintf(stderr, "  a gigantic size this kernel cannot allocate at run time "
				"(no CONFIG_CONTIG_ALLOC): reserve it at boot, hugepagesz=%s hugepages=N\n",
				size);
		return 1;
	}
	long long now = hugesize_read_number(path, "", 0);
	if (now < 0) {
		fprintf(stderr, "hugesize: cannot read %s back: %s\n", path, strerror(errno));
		return 1;
	}
	printf("%s pool%s: %lld -> %lld pages (asked for %llu)\n", size, where, had, now, want);
	if ((unsigned long long)now < want) {
		printf("partial: the kernel gave %lld of the %llu pages; it found no more free memory "
		       "for %s pages%s\n", now, want, size, where);
		return 1;
	}
	if ((unsigned long long)now > want) {
		printf("partial: %llu pages are in use; they stay (as surplus) until unmapped\n",
		       (unsigned long long)now - want);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd)
		return usage_error("%s", "a command is needed: list, flags, map, try or pool");
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (!strcmp(cmd, "list") && argc == 2)
		return cmd_list();
	if (!strcmp(cmd, "flags") && argc == 3)
		return cmd_flags(argv[2]);
	if (!strcmp(cmd, "map") && (argc == 3 || argc == 4))
		return cmd_map(argv[2], argc == 4 ? argv[3] : NULL);
	if (!strcmp(cmd, "try") && argc == 3)
		return cmd_try(argv[2]);
	if (!strcmp(cmd, "pool") && argc == 4)
		return cmd_pool(argv[2], argv[3], NULL);
	if (!strcmp(cmd, "pool") && argc == 6 && !strcmp(argv[4], "--node"))
		return cmd_pool(argv[2], argv[3], argv[5]);
	if (!strcmp(cmd, "list") || !strcmp(cmd, "flags") || !strcmp(cmd, "map") ||
	    !strcmp(cmd, "try") || !strcmp(cmd, "pool"))
		return usage_error("wrong number of arguments for '%s'", cmd);
	return usage_error("unknown command '%s'", cmd);
}
