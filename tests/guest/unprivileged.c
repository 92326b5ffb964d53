/*
 * Huge pages for an unprivileged user (uid and gid 65534, no supplementary
 * groups, no capabilities), per size: mmap(MAP_HUGETLB) and
 * memfd_create(MFD_HUGETLB) are allowed; shmget(SHM_HUGETLB) is refused
 * with EPERM unless the gid is the one in /proc/sys/vm/hugetlb_shm_group.
 * Pages are mapped, not touched. A size whose pool is empty gets as far as
 * the reservation: ENOMEM, not EPERM.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "dyntest.h"
#include "hugemap.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "smaps.h"

#define NOBODY		65534
#define SHM_GROUP	"/proc/sys/vm/hugetlb_shm_group"

enum user_case { ALLOWED, SHM_REFUSED, SHM_IN_GROUP };

/* Exit status of a child that drops to nobody and maps one page:
 * 0 when the mapping had the size, else the errno of the first failure. */
static int map_as_nobody(enum hugemap_kind kind, unsigned long long size)
{
	struct hugemap_request req = {
		.kind = kind, .hugetlb = 1, .size_bits = (unsigned int)hugesize_flags(size),
		.len = size,
	};
	struct hugemap m;
	int status, ret;
	pid_t pid = fork();

	if (pid == 0) {
		if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
			_exit(errno);
		ret = hugemap_create(&m, &req);
		if (ret)
			_exit(-ret);
		_exit(smaps_page_size(m.view[0]) == size && !hugemap_release(&m) ? 0 : 255);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 254;
	return WEXITSTATUS(status);
}

static int write_gid(const char *path, long gid)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f)
		return -1;
	ret = fprintf(f, "%ld\n", gid) < 0;
	return fclose(f) || ret ? -1 : 0;
}

static void check(struct __test_metadata *_metadata, const struct dyntest *t)
{
	struct hugesize_pool pool;
	long saved = -1;
	int ret, want;
	FILE *f;

	ASSERT_EQ(0, hugesize_pool(t->size, &pool));
	want = t->arg == SHM_REFUSED ? EPERM : pool.free > pool.resv ? 0 : ENOMEM;
	if (t->arg == SHM_IN_GROUP) {
		f = fopen(SHM_GROUP, "r");
		ASSERT_NE(NULL, f);
		ASSERT_EQ(1, fscanf(f, "%ld", &saved));
		fclose(f);
		ASSERT_EQ(0, write_gid(SHM_GROUP, NOBODY));
	}
	ret = map_as_nobody(t->kind, t->size);
	if (saved >= 0)
		EXPECT_EQ(0, write_gid(SHM_GROUP, saved));
	EXPECT_EQ(want, ret)
		TH_LOG("%s", ret == 255 ? "wrong page size" : strerror(ret));
}

static void add_tests(void)
{
	unsigned long long sizes[SIZES_MAX];
	int i, n = sizes_offered(sizes, SIZES_MAX);

	for (i = 0; i < n; i++) {
		const char *size = SIZE_NAME(sizes[i]);

		dyntest_add(check, sizes[i], HUGEMAP_MMAP_PRIVATE, ALLOWED,
			    "mmap_private_%s_unprivileged", size);
		dyntest_add(check, sizes[i], HUGEMAP_MMAP_SHARED, ALLOWED,
			    "mmap_shared_%s_unprivileged", size);
		dyntest_add(check, sizes[i], HUGEMAP_MEMFD, ALLOWED,
			    "memfd_%s_unprivileged", size);
		dyntest_add(check, sizes[i], HUGEMAP_SHMGET, SHM_REFUSED,
			    "shmget_%s_unprivileged_eperm", size);
		dyntest_add(check, sizes[i], HUGEMAP_SHMGET, SHM_IN_GROUP,
			    "shmget_%s_unprivileged_in_hugetlb_shm_group", size);
	}
}

DYNTEST_MAIN(add_tests)
