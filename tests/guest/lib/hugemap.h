/* SPDX-License-Identifier: MIT */
/*
 * One huge page object made each way the kernel offers, behind one
 * interface: create it, map it again (a second view of the same pages),
 * release it.
 */
#ifndef HUGEMAP_H
#define HUGEMAP_H

#include <stddef.h>

enum hugemap_kind {
	HUGEMAP_MMAP_PRIVATE,	/* mmap(MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB) */
	HUGEMAP_MMAP_SHARED,	/* mmap(MAP_SHARED | MAP_ANONYMOUS | MAP_HUGETLB) */
	HUGEMAP_SHMGET,		/* shmget(SHM_HUGETLB) + shmat() */
	HUGEMAP_MEMFD,		/* memfd_create(MFD_HUGETLB) + ftruncate() + mmap() */
	HUGEMAP_HUGETLBFS,	/* a file on a hugetlbfs mount with pagesize= */
	HUGEMAP_KINDS
};

/* "mmap_private", "mmap_shared", "shmget", "memfd", "hugetlbfs" */
const char *hugemap_kind_name(enum hugemap_kind kind);

struct hugemap_request {
	enum hugemap_kind kind;
	unsigned int size_bits;	/* the size field, bits 26..31 (hugetlbfs: the
				 * pagesize= of the mount, unless pagesize is set) */
	const char *pagesize;	/* hugetlbfs: the pagesize= value as text */
	size_t len;
	int noreserve;		/* MAP_NORESERVE / SHM_NORESERVE */
	int hugetlb;		/* 0: leave out MAP_HUGETLB / SHM_HUGETLB / MFD_HUGETLB */
};

#define HUGEMAP_VIEWS 2
struct hugemap {
	enum hugemap_kind kind;
	size_t len;
	char *view[HUGEMAP_VIEWS];	/* view[0]: the mapping create made */
	int fd, shmid;
};

/* 0, or -errno of the call that failed (nothing is left behind then). */
int hugemap_create(struct hugemap *m, const struct hugemap_request *req);
/* Maps the same object once more (shmat, or mmap of the file): the view,
 * or NULL with errno (EINVAL for the anonymous kinds). */
char *hugemap_view(struct hugemap *m);
/* Unmaps every view and closes what is open; 0 or -errno. */
int hugemap_release(struct hugemap *m);

/*
 * Call right after any mmap() or shmat() of huge pages, before the first
 * touch: if the mapping at p (made by "how") does not start at a multiple
 * of its page size (KernelPageSize in smaps; nothing is touched), prints
 * why to stderr and ends the process with 1 (in a kselftest_harness test:
 * that test fails). Linux 7.2 and 7.3-rc7 hand out such mappings where
 * the architecture's own arch_get_unmapped_area() does not align hugetlb
 * files (kernel/7.3/arch-align/ for ARM and sh, kernel/7.3/carry/ for
 * MIPS). On mips64el, armhf and sh4 (seen on 7.2) their unmap, even
 * at exit, hits BUG_ON() in __unmap_hugepage_range() and the oops leaves
 * the exiting task stuck, so the harness fails the test only after its
 * own timeout, but the message says why (and nothing touched the pages:
 * on mips64el a write to them killed the task). p NULL or MAP_FAILED:
 * nothing to do.
 */
void hugemap_check_aligned(const void *p, const char *how);

#endif
