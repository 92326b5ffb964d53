/* SPDX-License-Identifier: MIT */
/*
 * Several processes at once, each running a bounded loop of mixed
 * create / touch / check / release over every kind of huge page object and
 * every size the kernel offers. Pages of cheap sizes are filled with a
 * pattern of the worker's own and read back; gigantic ones are only
 * mapped (reserved) and checked in smaps. A pool the others have emptied
 * (ENOMEM) is fine; anything else is a failure. Afterwards every pool is
 * back where it started.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "hugesize-probe.h"
#include "pattern.h"
#include "populate.h"
#include "sizes.h"

#define WORKERS		4
#define ITERATIONS	40
#define DEADLINE	20	/* seconds: the loops stop there, whatever is left */

struct tally {
	long ops, enomem, failures;
};

static unsigned long long sizes[HUGESIZE_SIZES_MAX];
static int nsizes;

static int one_op(unsigned long long *rng, unsigned long long seed)
{
	unsigned long long size = sizes[xorshift64(rng) % nsizes];
	struct hugemap_request req = {
		.kind = xorshift64(rng) % HUGEMAP_KINDS, .hugetlb = 1,
		.size_bits = (unsigned int)hugesize_flags(size),
		.len = (size_cheap(size) ? 1 + xorshift64(rng) % 3 : 1) * size,
	};
	struct hugemap m;
	int ret = hugemap_create(&m, &req), ok;

	if (ret)
		return ret;
	ok = smaps_page_size(m.view[0]) == size;
	if (size_cheap(size)) {
		pattern_fill(m.view[0], m.len, seed);
		ok = ok && pattern_check(m.view[0], m.len, seed) == -1;
	}
	return hugemap_release(&m) || !ok ? -EBADMSG : 0;
}

static void worker(int id, struct tally *tally)
{
	unsigned long long rng = 0x5eed0000ULL + id;
	time_t deadline = time(NULL) + DEADLINE;
	int i, ret;

	for (i = 0; i < ITERATIONS && time(NULL) < deadline; i++) {
		ret = one_op(&rng, (unsigned long long)id << 32 | i);
		tally->ops++;
		tally->enomem += ret == -ENOMEM;
		tally->failures += ret && ret != -ENOMEM;
	}
}

TEST(mmap_shmget_memfd_hugetlbfs_all_sizes_concurrently)
{
	struct hugesize_pool before[HUGESIZE_SIZES_MAX], after;
	struct tally *tally;
	int i, status;
	pid_t pid[WORKERS];

	nsizes = sizes_offered(sizes, HUGESIZE_SIZES_MAX);
	SIZES_NEEDED(nsizes);
	TH_LOG("%d processes, %d iterations each, over %d sizes", WORKERS, ITERATIONS, nsizes);
	for (i = 0; i < nsizes; i++)
		ASSERT_EQ(0, hugesize_pool(sizes[i], &before[i]));
	tally = mmap(NULL, WORKERS * sizeof(*tally), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, tally);
	for (i = 0; i < WORKERS; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			worker(i, &tally[i]);
			_exit(0);
		}
	}
	for (i = 0; i < WORKERS; i++) {
		ASSERT_LT(0, pid[i]);
		ASSERT_EQ(pid[i], waitpid(pid[i], &status, 0));
		EXPECT_EQ(0, status);
		EXPECT_EQ(0, tally[i].failures);
		EXPECT_EQ(ITERATIONS, tally[i].ops) TH_LOG("worker %d stopped at the deadline", i);
		TH_LOG("worker %d: %ld operations, %ld ENOMEM, %ld failures", i, tally[i].ops,
		       tally[i].enomem, tally[i].failures);
	}
	for (i = 0; i < nsizes; i++) {
		ASSERT_EQ(0, hugesize_pool(sizes[i], &after));
		EXPECT_EQ(0, memcmp(&before[i], &after, sizeof(after)))
			TH_LOG("%s pool not back to where it was", SIZE_NAME(sizes[i]));
	}
}

TEST_HARNESS_MAIN
