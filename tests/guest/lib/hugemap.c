/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hugesize-compat.h"
#include "hugemap.h"
#include "hugesize-probe.h"

void hugemap_check_aligned(const void *p, const char *how)
{
	unsigned long long page;

	if (!p || p == MAP_FAILED)
		return;
	page = smaps_page_size(p);
	if (!page || (uintptr_t)p % page == 0)
		return;
	fprintf(stderr, "hugesize: %s mapped huge pages of %llu KB at %p, which is not a "
		"multiple of the page size (%#llx bytes past one): its first access may "
		"never complete. Likely cause: the architecture's "
		"arch_get_unmapped_area{,_topdown}() does not align hugetlb mappings "
		"to the huge page size (kernel/7.3/arch-align/: ARM, sh; "
		"kernel/7.3/carry/: MIPS)\n",
		how, page >> 10, p, (unsigned long long)((uintptr_t)p % page));
	fflush(stderr);
	_exit(1);
}

const char *hugemap_kind_name(enum hugemap_kind kind)
{
	static const char *const names[HUGEMAP_KINDS] = {
		"mmap_private", "mmap_shared", "shmget", "memfd", "hugetlbfs",
	};

	return kind < HUGEMAP_KINDS ? names[kind] : "?";
}

/*
 * A file on a fresh hugetlbfs mount. The mount is detached and the file
 * unlinked at once: both live exactly as long as the descriptor and its
 * mappings, whatever happens to the test.
 */
static int hugetlbfs_file(const struct hugemap_request *req)
{
	char dir[64], path[80], opts[64] = "";
	int fd, err = 0;

	snprintf(dir, sizeof(dir), "/tmp/hugetlbfs.%d", (int)getpid());
	snprintf(path, sizeof(path), "%s/object", dir);
	if (req->pagesize)
		snprintf(opts, sizeof(opts), "pagesize=%s", req->pagesize);
	else if (req->size_bits)
		snprintf(opts, sizeof(opts), "pagesize=%llu", hugesize_bytes(req->size_bits));
	if (mkdir(dir, 0700) && errno != EEXIST)
		return -1;
	if (mount("hugesize", dir, "hugetlbfs", 0, opts)) {
		err = errno;
		rmdir(dir);
		errno = err;
		return -1;
	}
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		err = errno;
	else
		unlink(path);
	umount2(dir, MNT_DETACH);
	rmdir(dir);
	errno = err;
	return fd;
}

static char *map_fd(struct hugemap *m)
{
	char *p = mmap(NULL, m->len, PROT_READ | PROT_WRITE, MAP_SHARED, m->fd, 0);

	hugemap_check_aligned(p, m->kind == HUGEMAP_MEMFD ? "mmap of a memfd" : "mmap of a hugetlbfs file");
	return p == MAP_FAILED ? NULL : p;
}

static int create_fd(struct hugemap *m, const struct hugemap_request *req)
{
	unsigned int flags = MFD_CLOEXEC | (req->hugetlb ? MFD_HUGETLB : 0) | req->size_bits;

	if (req->kind == HUGEMAP_MEMFD)
		m->fd = memfd_create("hugesize", flags);
	else
		m->fd = hugetlbfs_file(req);
	if (m->fd < 0 || ftruncate(m->fd, m->len))
		return -1;
	m->view[0] = map_fd(m);
	return m->view[0] ? 0 : -1;
}

static int create_shm(struct hugemap *m, const struct hugemap_request *req)
{
	int flags = IPC_CREAT | 0600 | (int)req->size_bits |
		    (req->hugetlb ? SHM_HUGETLB : 0) | (req->noreserve ? SHM_NORESERVE : 0);
	void *p;

	m->shmid = shmget(IPC_PRIVATE, m->len, flags);
	if (m->shmid < 0)
		return -1;
	p = shmat(m->shmid, NULL, 0);
	if (p == (void *)-1)
		return -1;
	hugemap_check_aligned(p, "shmat");
	m->view[0] = p;
	/* Gone with its last detach, even if the test dies; Linux still lets
	 * hugemap_view() attach a segment marked for removal. */
	return shmctl(m->shmid, IPC_RMID, NULL);
}

static int create_anon(struct hugemap *m, const struct hugemap_request *req)
{
	int flags = MAP_ANONYMOUS | (int)req->size_bits |
		    (req->kind == HUGEMAP_MMAP_SHARED ? MAP_SHARED : MAP_PRIVATE) |
		    (req->hugetlb ? MAP_HUGETLB : 0) | (req->noreserve ? MAP_NORESERVE : 0);
	char *p = mmap(NULL, m->len, PROT_READ | PROT_WRITE, flags, -1, 0);

	if (p == MAP_FAILED)
		return -1;
	hugemap_check_aligned(p, req->kind == HUGEMAP_MMAP_SHARED ? "mmap(MAP_SHARED | MAP_ANONYMOUS)" :
			      "mmap(MAP_PRIVATE | MAP_ANONYMOUS)");
	m->view[0] = p;
	return 0;
}

int hugemap_create(struct hugemap *m, const struct hugemap_request *req)
{
	int ret, err;

	memset(m, 0, sizeof(*m));
	m->kind = req->kind;
	m->len = req->len;
	m->fd = -1;
	m->shmid = -1;
	if (req->kind == HUGEMAP_SHMGET)
		ret = create_shm(m, req);
	else if (req->kind == HUGEMAP_MEMFD || req->kind == HUGEMAP_HUGETLBFS)
		ret = create_fd(m, req);
	else
		ret = create_anon(m, req);
	if (!ret)
		return 0;
	err = errno;
	hugemap_release(m);
	return -err;
}

char *hugemap_view(struct hugemap *m)
{
	int i;
	void *p;

	for (i = 0; i < HUGEMAP_VIEWS && m->view[i]; i++)
		;
	if (i == HUGEMAP_VIEWS || (m->fd < 0 && m->shmid < 0)) {
		errno = EINVAL;
		return NULL;
	}
	if (m->shmid >= 0) {
		p = shmat(m->shmid, NULL, 0);
		if (p != (void *)-1)
			hugemap_check_aligned(p, "shmat");
		m->view[i] = p == (void *)-1 ? NULL : p;
	} else {
		m->view[i] = map_fd(m);
	}
	return m->view[i];
}

/* munmap() wants whole huge pages: the kernel mapped len rounded up to the
 * page size, which smaps tells when len alone does not do. */
static int unmap(char *p, size_t len)
{
	unsigned long long page;

	if (!munmap(p, len))
		return 0;
	page = smaps_page_size(p);
	if (errno != EINVAL || !page)
		return -1;
	return munmap(p, (len + page - 1) / page * page);
}

int hugemap_release(struct hugemap *m)
{
	int i, ret = 0;

	for (i = 0; i < HUGEMAP_VIEWS; i++) {
		if (!m->view[i])
			continue;
		if (m->kind == HUGEMAP_SHMGET ? shmdt(m->view[i]) : unmap(m->view[i], m->len))
			ret = -errno;
		m->view[i] = NULL;
	}
	/* Removed already unless shmat() failed: EINVAL then is fine. */
	if (m->shmid >= 0 && shmctl(m->shmid, IPC_RMID, NULL) && errno != EINVAL)
		ret = -errno;
	if (m->fd >= 0 && close(m->fd))
		ret = -errno;
	m->shmid = -1;
	m->fd = -1;
	return ret;
}
