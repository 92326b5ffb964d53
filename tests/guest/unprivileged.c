/* SPDX-License-Identifier: MIT */
/*
 * Huge pages for an unprivileged user (uid and gid 65534, no supplementary
 * groups, no capabilities), per size: mmap(MAP_HUGETLB) and
 * memfd_create(MFD_HUGETLB) are allowed; shmget(SHM_HUGETLB) is refused
 * with EPERM unless the gid is the one in /proc/sys/vm/hugetlb_shm_group.
 * Pages are mapped, not touched. A size whose pool is empty gets as far as
 * the reservation: ENOMEM, not EPERM.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hugemap.h"
#include "hugesize-probe.h"
#include "sizetest.h"
#include "tool.h"

#define NOBODY		65534
#define SHM_GROUP	"/proc/sys/vm/hugetlb_shm_group"

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
		if (become(NOBODY))
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

/* A mapping as nobody: map_as_nobody()'s status is want. */
static void expect_nobody(struct __test_metadata *const _metadata, FIXTURE_DATA(size) *self,
			  enum hugemap_kind map_kind, int want)
{
	int ret = map_as_nobody(map_kind, self->bytes);

	EXPECT_EQ(want, ret) TH_LOG("%s", ret == 255 ? "wrong page size" : strerror(ret));
}

/* Allowed: a page, or ENOMEM from an empty pool. */
TEST_F(size, mmap_private_unprivileged)
{
	SIZE_NEEDS(0);
	expect_nobody(_metadata, self, HUGEMAP_MMAP_PRIVATE, self->avail ? 0 : ENOMEM);
}

TEST_F(size, mmap_shared_unprivileged)
{
	SIZE_NEEDS(0);
	expect_nobody(_metadata, self, HUGEMAP_MMAP_SHARED, self->avail ? 0 : ENOMEM);
}

TEST_F(size, memfd_unprivileged)
{
	SIZE_NEEDS(0);
	expect_nobody(_metadata, self, HUGEMAP_MEMFD, self->avail ? 0 : ENOMEM);
}

TEST_F(size, shmget_unprivileged_eperm)
{
	SIZE_NEEDS(0);
	expect_nobody(_metadata, self, HUGEMAP_SHMGET, EPERM);
}

TEST_F(size, shmget_unprivileged_in_hugetlb_shm_group)
{
	long saved;
	FILE *f;

	SIZE_NEEDS(0);
	f = fopen(SHM_GROUP, "r");
	ASSERT_NE(NULL, f);
	ASSERT_EQ(1, fscanf(f, "%ld", &saved));
	fclose(f);
	ASSERT_EQ(0, write_gid(SHM_GROUP, NOBODY));
	expect_nobody(_metadata, self, HUGEMAP_SHMGET, self->avail ? 0 : ENOMEM);
	EXPECT_EQ(0, write_gid(SHM_GROUP, saved));
}

SIZE_HARNESS_MAIN(NULL)
