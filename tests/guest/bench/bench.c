/* SPDX-License-Identifier: MIT */
/*
 * make bench: for base pages and every huge page size the guest offers,
 * map 1 GiB privately, populate it (one write per base page) and report
 * the minor faults it took (exact: 1 GiB / page size), the time that took,
 * and the mean time of a random-access pass over the buffer. Prints TAP
 * through kselftest.h (one result per size: the fault count is asserted)
 * and then one table.
 * Under TCG the times are emulation figures; the fault counts are exact.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hugesize-compat.h"
#include "hugemap.h"
#include "kselftest.h"
#include "populate.h"
#include "sizes.h"

#define BUFFER		(1ULL << 30)
#define ACCESSES	(1L << 20)
#define SEED		0x62656e6368ULL		/* "bench" */

struct row {
	unsigned long long page;
	long faults, expected;
	double populate_s, access_ns;
	const char *error;
};

static void measure(struct row *r)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
	struct populate_result pr;
	char *p;

	if (r->page != (unsigned long long)getpagesize())
		flags |= MAP_HUGETLB | (int)hugesize_flags(r->page);
	r->expected = (long)(BUFFER / r->page);
	p = mmap(NULL, BUFFER, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (p == MAP_FAILED) {
		r->error = strerror(errno);
		return;
	}
	hugemap_check_aligned(p, "mmap(MAP_PRIVATE | MAP_ANONYMOUS)");
	pr = populate(p, BUFFER);
	r->faults = pr.minor_faults;
	r->populate_s = pr.seconds;
	r->access_ns = random_access_ns(p, BUFFER, ACCESSES, SEED);
	munmap(p, BUFFER);
}

int main(void)
{
	unsigned long long sizes[HUGESIZE_SIZES_MAX];
	struct row rows[HUGESIZE_SIZES_MAX + 1];
	int n = sizes_offered(sizes, HUGESIZE_SIZES_MAX), i;

	memset(rows, 0, sizeof(rows));
	rows[0].page = (unsigned long long)getpagesize();
	for (i = 0; i < n; i++)
		rows[i + 1].page = sizes[i];
	ksft_print_header();
	ksft_set_plan(n + 1);
	for (i = 0; i <= n; i++) {
		struct row *r = &rows[i];

		measure(r);
		if (!r->error && r->faults != r->expected)
			ksft_print_msg("%ld minor faults, %ld expected\n", r->faults, r->expected);
		ksft_test_result(!r->error && r->faults == r->expected,
				 "mmap_private_%s_populate_1GiB_%ld_minor_faults%s%s\n",
				 SIZE_NAME(r->page), r->expected, r->error ? ": " : "",
				 r->error ? r->error : "");
		fflush(stdout);
	}
	ksft_print_msg("page size   minor faults   populate 1 GiB   random access (%ld reads)\n",
		       ACCESSES);
	for (i = 0; i <= n; i++)
		if (!rows[i].error)
			ksft_print_msg("%9s   %12ld   %12.3f s   %10.1f ns\n",
				       SIZE_NAME(rows[i].page), rows[i].faults,
				       rows[i].populate_s, rows[i].access_ns);
	ksft_print_msg("times under TCG are emulation figures; the fault counts are exact\n");
	ksft_finished();
}
