/* SPDX-License-Identifier: MIT */
/*
 * hugesize - list the huge page sizes a kernel offers, show the flags that
 * select one, and map pages of one to see the kernel use it.
 *
 * Built on hugesize-compat.h alone, so it shows what the header gives.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <hugesize-compat.h>

enum { EXIT_USAGE = 2 };

static const char usage_text[] =
	"Usage: hugesize list\n"
	"       hugesize flags SIZE\n"
	"       hugesize map SIZE [COUNT]\n"
	"       hugesize --help\n"
	"\n"
	"  list              the huge page sizes this kernel offers and their pools\n"
	"                    (* marks the default size)\n"
	"  flags SIZE        the MAP_, SHM_ and MFD_ flag values that select SIZE\n"
	"  map SIZE [COUNT]  map COUNT (default 1) pages of SIZE, touch them and\n"
	"                    report the page size used, the faults and the pools\n"
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
static const unsigned long long named_flags[] = {
	MAP_HUGE_16KB, MAP_HUGE_64KB, MAP_HUGE_256KB, MAP_HUGE_512KB,
	MAP_HUGE_1MB, MAP_HUGE_2MB, MAP_HUGE_4MB, MAP_HUGE_8MB, MAP_HUGE_16MB,
	MAP_HUGE_32MB, MAP_HUGE_64MB, MAP_HUGE_128MB, MAP_HUGE_256MB,
	MAP_HUGE_512MB, MAP_HUGE_1GB, MAP_HUGE_2GB, MAP_HUGE_16GB,
};

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
	}
	printf("* default size (Hugepagesize in %s)\n", HUGESIZE_MEMINFO);
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

/* KernelPageSize of the mapping that starts at addr, in bytes; 0 if unknown. */
static unsigned long long kernel_page_size(const void *addr)
{
	FILE *smaps = fopen("/proc/self/smaps", "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned long long result = 0, kb;
	uintptr_t start, end;
	int ours = 0;

	if (!smaps)
		return 0;
	while (getline(&line, &cap, smaps) > 0) {
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &start, &end) == 2)
			ours = start == (uintptr_t)addr;
		else if (ours && sscanf(line, "KernelPageSize: %llu kB", &kb) == 1) {
			result = kb * 1024;
			break;
		}
	}
	free(line);
	fclose(smaps);
	return result;
}

static long minor_faults(void)
{
	struct rusage usage;

	getrusage(RUSAGE_SELF, &usage);
	return usage.ru_minflt;
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
	char size[32], name[64];
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
				"  echo %llu > %s/hugepages-%llukB/nr_hugepages\n", size, before.free,
				before.nr + count - (before.free < count ? before.free : count),
				HUGESIZE_SYSFS_DIR, bytes >> 10);
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
	unsigned long long page = kernel_page_size(p);
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

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd)
		return usage_error("%s", "a command is needed: list, flags or map");
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
	if (!strcmp(cmd, "list") || !strcmp(cmd, "flags") || !strcmp(cmd, "map"))
		return usage_error("wrong number of arguments for '%s'", cmd);
	return usage_error("unknown command '%s'", cmd);
}
