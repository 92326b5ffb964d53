/* SPDX-License-Identifier: MIT */
/*
 * hugesize-compat.h - the complete set of huge page size constants for any
 * libc, old or new, plus small helpers to find and use the sizes a running
 * kernel offers.
 *
 * Linux takes the base-two log of the wanted huge page size in bits 26..31
 * of the flags of mmap() (MAP_HUGETLB), shmget() (SHM_HUGETLB) and
 * memfd_create() (MFD_HUGETLB); 0 there selects the default size. C
 * libraries export these constants only in part; this header fills in the
 * rest:
 *
 *   MAP_HUGE_SHIFT, MAP_HUGE_MASK, MAP_HUGE_<size>   (and SHM_, MFD_ alike)
 *   <size>: 16KB 64KB 256KB 512KB 1MB 2MB 4MB 8MB 16MB 32MB 64MB 128MB
 *           256MB 512MB 1GB 2GB 16GB, also as HUGESIZE_NAMED_SIZES(X)
 *   MAP_HUGETLB (per architecture), SHM_HUGETLB, SHM_NORESERVE, MFD_HUGETLB
 *
 * Each constant is defined only where missing. A definition that is
 * already there with the same value, spelled any way the preprocessor can
 * evaluate, is accepted; one with another value stops the build with an
 * #error naming the macro.
 *
 * The header is C89- and C++98-clean. In a hosted build it includes
 * <sys/mman.h> and <sys/shm.h> itself (when they exist), so it may be
 * included before or after them; it may also follow <linux/mman.h>,
 * <linux/memfd.h> and <asm/mman.h>. A program on the kernel's System V IPC
 * headers, which clash with the libc's, gets <linux/shm.h> in place of
 * <sys/shm.h>: when <linux/ipc.h> or <linux/shm.h> comes first, or
 * HUGESIZE_LINUX_SHM is defined before the include. In a freestanding
 * build (__STDC_HOSTED__ == 0) or when the libc headers are absent it
 * gives the constants only.
 *
 * Helpers (hosted C99 or later, C++11 or later; all static inline, no
 * allocation, no global state; each sets errno when it fails):
 *
 *   long long hugesize_flags(unsigned long long bytes);
 *   unsigned long long hugesize_bytes(long long flags);
 *   long long hugesize_parse(const char *text);
 *   long long hugesize_default(void);
 *   int hugesize_list(unsigned long long *sizes, int max);
 *   int hugesize_pool(unsigned long long bytes, struct hugesize_pool *pool);
 *   void *hugesize_map(size_t length, int prot, int flags,
 *                      struct hugesize_mapping *got);
 *
 * Define HUGESIZE_NO_HELPERS before including it to get the constants only.
 * See hugesize-compat(7) for the contracts.
 */
#ifndef HUGESIZE_COMPAT_H
#define HUGESIZE_COMPAT_H

/* The version of this header; the pkg-config file carries it too. */
#define HUGESIZE_COMPAT_VERSION "1.0"

/* ---- Where the libc headers are ------------------------------------- */

#if !defined(__STDC_HOSTED__)
# define HUGESIZE_HOSTED 1
#elif __STDC_HOSTED__
# define HUGESIZE_HOSTED 1
#else
# define HUGESIZE_HOSTED 0
#endif

/*
 * The libc's own definitions come first, whatever order the program
 * includes things in. HUGESIZE_HAVE_LIBC: the helpers' headers are there.
 * A compiler that cannot tell is trusted to have a libc when hosted.
 *
 * The kernel's <linux/ipc.h> and <linux/shm.h> define struct ipc_perm and
 * shmid_ds as the libc's <sys/shm.h> does: a program on the kernel's (seen
 * by their guards, installed or in the kernel's tree) gets <linux/shm.h>
 * instead. <linux/mman.h> and <sys/mman.h> do mix.
 */
#if !defined(HUGESIZE_LINUX_SHM) && (defined(_LINUX_IPC_H) || defined(_LINUX_SHM_H_) || \
	defined(_UAPI_LINUX_IPC_H) || defined(_UAPI_LINUX_SHM_H_))
# define HUGESIZE_LINUX_SHM 1
#endif

#if HUGESIZE_HOSTED && defined(__has_include)
# if __has_include(<sys/mman.h>)
#  include <sys/mman.h>
# endif
# if defined(HUGESIZE_LINUX_SHM)
#  include <linux/shm.h>
# elif __has_include(<sys/shm.h>)
#  include <sys/shm.h>
# endif
# if __has_include(<errno.h>) && __has_include(<fcntl.h>) && __has_include(<unistd.h>)
#  define HUGESIZE_HAVE_LIBC 1
# else
#  define HUGESIZE_HAVE_LIBC 0
# endif
#elif HUGESIZE_HOSTED
# include <sys/mman.h>
# if defined(HUGESIZE_LINUX_SHM)
#  include <linux/shm.h>
# else
#  include <sys/shm.h>
# endif
# define HUGESIZE_HAVE_LIBC 1
#else
# define HUGESIZE_HAVE_LIBC 0
#endif

/* ---- The flag bits that ask for huge pages at all ------------------- */

/* MAP_HUGETLB is 0x40000 on most architectures; a few chose other bits. */
#if defined(__alpha__)
# define HUGESIZE_MAP_HUGETLB 0x100000
#elif defined(__mips__) || defined(__hppa__) || defined(__xtensa__)
# define HUGESIZE_MAP_HUGETLB 0x80000
#elif defined(__tile__) || defined(__tilegx__)
# define HUGESIZE_MAP_HUGETLB 0x4000
#else
# define HUGESIZE_MAP_HUGETLB 0x40000
#endif

#ifndef MAP_HUGETLB
# define MAP_HUGETLB HUGESIZE_MAP_HUGETLB
#elif MAP_HUGETLB != HUGESIZE_MAP_HUGETLB
# error "hugesize-compat.h: MAP_HUGETLB is already defined with another value"
#endif

#ifndef SHM_HUGETLB
# define SHM_HUGETLB 04000
#elif SHM_HUGETLB != 04000
# error "hugesize-compat.h: SHM_HUGETLB is already defined with another value"
#endif

#ifndef SHM_NORESERVE
# define SHM_NORESERVE 010000
#elif SHM_NORESERVE != 010000
# error "hugesize-compat.h: SHM_NORESERVE is already defined with another value"
#endif

#ifndef MFD_HUGETLB
# define MFD_HUGETLB 4U
#elif MFD_HUGETLB != 4
# error "hugesize-compat.h: MFD_HUGETLB is already defined with another value"
#endif

/* ---- The size field: log2(bytes) << 26, six bits ---------------------- */

/*
 * One block per macro, since the preprocessor cannot build a macro name.
 * Shift and mask come first: existing size definitions may be spelled
 * with them, e.g. (21 << SHM_HUGE_SHIFT).
 */
#ifndef MAP_HUGE_SHIFT
# define MAP_HUGE_SHIFT 26
#elif MAP_HUGE_SHIFT != 26
# error "hugesize-compat.h: MAP_HUGE_SHIFT is already defined with another value"
#endif
#ifndef SHM_HUGE_SHIFT
# define SHM_HUGE_SHIFT 26
#elif SHM_HUGE_SHIFT != 26
# error "hugesize-compat.h: SHM_HUGE_SHIFT is already defined with another value"
#endif
#ifndef MFD_HUGE_SHIFT
# define MFD_HUGE_SHIFT 26
#elif MFD_HUGE_SHIFT != 26
# error "hugesize-compat.h: MFD_HUGE_SHIFT is already defined with another value"
#endif

#ifndef MAP_HUGE_MASK
# define MAP_HUGE_MASK 0x3f
#elif MAP_HUGE_MASK != 0x3f
# error "hugesize-compat.h: MAP_HUGE_MASK is already defined with another value"
#endif
#ifndef SHM_HUGE_MASK
# define SHM_HUGE_MASK 0x3f
#elif SHM_HUGE_MASK != 0x3f
# error "hugesize-compat.h: SHM_HUGE_MASK is already defined with another value"
#endif
#ifndef MFD_HUGE_MASK
# define MFD_HUGE_MASK 0x3f
#elif MFD_HUGE_MASK != 0x3f
# error "hugesize-compat.h: MFD_HUGE_MASK is already defined with another value"
#endif

/* mmap() */
#ifndef MAP_HUGE_16KB
# define MAP_HUGE_16KB (14U << 26)
#elif MAP_HUGE_16KB != (14U << 26)
# error "hugesize-compat.h: MAP_HUGE_16KB is already defined with another value"
#endif
#ifndef MAP_HUGE_64KB
# define MAP_HUGE_64KB (16U << 26)
#elif MAP_HUGE_64KB != (16U << 26)
# error "hugesize-compat.h: MAP_HUGE_64KB is already defined with another value"
#endif
#ifndef MAP_HUGE_256KB
# define MAP_HUGE_256KB (18U << 26)
#elif MAP_HUGE_256KB != (18U << 26)
# error "hugesize-compat.h: MAP_HUGE_256KB is already defined with another value"
#endif
#ifndef MAP_HUGE_512KB
# define MAP_HUGE_512KB (19U << 26)
#elif MAP_HUGE_512KB != (19U << 26)
# error "hugesize-compat.h: MAP_HUGE_512KB is already defined with another value"
#endif
#ifndef MAP_HUGE_1MB
# define MAP_HUGE_1MB (20U << 26)
#elif MAP_HUGE_1MB != (20U << 26)
# error "hugesize-compat.h: MAP_HUGE_1MB is already defined with another value"
#endif
#ifndef MAP_HUGE_2MB
# define MAP_HUGE_2MB (21U << 26)
#elif MAP_HUGE_2MB != (21U << 26)
# error "hugesize-compat.h: MAP_HUGE_2MB is already defined with another value"
#endif
#ifndef MAP_HUGE_4MB
# define MAP_HUGE_4MB (22U << 26)
#elif MAP_HUGE_4MB != (22U << 26)
# error "hugesize-compat.h: MAP_HUGE_4MB is already defined with another value"
#endif
#ifndef MAP_HUGE_8MB
# define MAP_HUGE_8MB (23U << 26)
#elif MAP_HUGE_8MB != (23U << 26)
# error "hugesize-compat.h: MAP_HUGE_8MB is already defined with another value"
#endif
#ifndef MAP_HUGE_16MB
# define MAP_HUGE_16MB (24U << 26)
#elif MAP_HUGE_16MB != (24U << 26)
# error "hugesize-compat.h: MAP_HUGE_16MB is already defined with another value"
#endif
#ifndef MAP_HUGE_32MB
# define MAP_HUGE_32MB (25U << 26)
#elif MAP_HUGE_32MB != (25U << 26)
# error "hugesize-compat.h: MAP_HUGE_32MB is already defined with another value"
#endif
#ifndef MAP_HUGE_64MB
# define MAP_HUGE_64MB (26U << 26)
#elif MAP_HUGE_64MB != (26U << 26)
# error "hugesize-compat.h: MAP_HUGE_64MB is already defined with another value"
#endif
#ifndef MAP_HUGE_128MB
# define MAP_HUGE_128MB (27U << 26)
#elif MAP_HUGE_128MB != (27U << 26)
# error "hugesize-compat.h: MAP_HUGE_128MB is already defined with another value"
#endif
#ifndef MAP_HUGE_256MB
# define MAP_HUGE_256MB (28U << 26)
#elif MAP_HUGE_256MB != (28U << 26)
# error "hugesize-compat.h: MAP_HUGE_256MB is already defined with another value"
#endif
#ifndef MAP_HUGE_512MB
# define MAP_HUGE_512MB (29U << 26)
#elif MAP_HUGE_512MB != (29U << 26)
# error "hugesize-compat.h: MAP_HUGE_512MB is already defined with another value"
#endif
#ifndef MAP_HUGE_1GB
# define MAP_HUGE_1GB (30U << 26)
#elif MAP_HUGE_1GB != (30U << 26)
# error "hugesize-compat.h: MAP_HUGE_1GB is already defined with another value"
#endif
#ifndef MAP_HUGE_2GB
# define MAP_HUGE_2GB (31U << 26)
#elif MAP_HUGE_2GB != (31U << 26)
# error "hugesize-compat.h: MAP_HUGE_2GB is already defined with another value"
#endif
#ifndef MAP_HUGE_16GB
# define MAP_HUGE_16GB (34U << 26)
#elif MAP_HUGE_16GB != (34U << 26)
# error "hugesize-compat.h: MAP_HUGE_16GB is already defined with another value"
#endif

/* shmget() */
#ifndef SHM_HUGE_16KB
# define SHM_HUGE_16KB (14U << 26)
#elif SHM_HUGE_16KB != (14U << 26)
# error "hugesize-compat.h: SHM_HUGE_16KB is already defined with another value"
#endif
#ifndef SHM_HUGE_64KB
# define SHM_HUGE_64KB (16U << 26)
#elif SHM_HUGE_64KB != (16U << 26)
# error "hugesize-compat.h: SHM_HUGE_64KB is already defined with another value"
#endif
#ifndef SHM_HUGE_256KB
# define SHM_HUGE_256KB (18U << 26)
#elif SHM_HUGE_256KB != (18U << 26)
# error "hugesize-compat.h: SHM_HUGE_256KB is already defined with another value"
#endif
#ifndef SHM_HUGE_512KB
# define SHM_HUGE_512KB (19U << 26)
#elif SHM_HUGE_512KB != (19U << 26)
# error "hugesize-compat.h: SHM_HUGE_512KB is already defined with another value"
#endif
#ifndef SHM_HUGE_1MB
# define SHM_HUGE_1MB (20U << 26)
#elif SHM_HUGE_1MB != (20U << 26)
# error "hugesize-compat.h: SHM_HUGE_1MB is already defined with another value"
#endif
#ifndef SHM_HUGE_2MB
# define SHM_HUGE_2MB (21U << 26)
#elif SHM_HUGE_2MB != (21U << 26)
# error "hugesize-compat.h: SHM_HUGE_2MB is already defined with another value"
#endif
#ifndef SHM_HUGE_4MB
# define SHM_HUGE_4MB (22U << 26)
#elif SHM_HUGE_4MB != (22U << 26)
# error "hugesize-compat.h: SHM_HUGE_4MB is already defined with another value"
#endif
#ifndef SHM_HUGE_8MB
# define SHM_HUGE_8MB (23U << 26)
#elif SHM_HUGE_8MB != (23U << 26)
# error "hugesize-compat.h: SHM_HUGE_8MB is already defined with another value"
#endif
#ifndef SHM_HUGE_16MB
# define SHM_HUGE_16MB (24U << 26)
#elif SHM_HUGE_16MB != (24U << 26)
# error "hugesize-compat.h: SHM_HUGE_16MB is already defined with another value"
#endif
#ifndef SHM_HUGE_32MB
# define SHM_HUGE_32MB (25U << 26)
#elif SHM_HUGE_32MB != (25U << 26)
# error "hugesize-compat.h: SHM_HUGE_32MB is already defined with another value"
#endif
#ifndef SHM_HUGE_64MB
# define SHM_HUGE_64MB (26U << 26)
#elif SHM_HUGE_64MB != (26U << 26)
# error "hugesize-compat.h: SHM_HUGE_64MB is already defined with another value"
#endif
#ifndef SHM_HUGE_128MB
# define SHM_HUGE_128MB (27U << 26)
#elif SHM_HUGE_128MB != (27U << 26)
# error "hugesize-compat.h: SHM_HUGE_128MB is already defined with another value"
#endif
#ifndef SHM_HUGE_256MB
# define SHM_HUGE_256MB (28U << 26)
#elif SHM_HUGE_256MB != (28U << 26)
# error "hugesize-compat.h: SHM_HUGE_256MB is already defined with another value"
#endif
#ifndef SHM_HUGE_512MB
# define SHM_HUGE_512MB (29U << 26)
#elif SHM_HUGE_512MB != (29U << 26)
# error "hugesize-compat.h: SHM_HUGE_512MB is already defined with another value"
#endif
#ifndef SHM_HUGE_1GB
# define SHM_HUGE_1GB (30U << 26)
#elif SHM_HUGE_1GB != (30U << 26)
# error "hugesize-compat.h: SHM_HUGE_1GB is already defined with another value"
#endif
#ifndef SHM_HUGE_2GB
# define SHM_HUGE_2GB (31U << 26)
#elif SHM_HUGE_2GB != (31U << 26)
# error "hugesize-compat.h: SHM_HUGE_2GB is already defined with another value"
#endif
#ifndef SHM_HUGE_16GB
# define SHM_HUGE_16GB (34U << 26)
#elif SHM_HUGE_16GB != (34U << 26)
# error "hugesize-compat.h: SHM_HUGE_16GB is already defined with another value"
#endif

/* memfd_create() */
#ifndef MFD_HUGE_16KB
# define MFD_HUGE_16KB (14U << 26)
#elif MFD_HUGE_16KB != (14U << 26)
# error "hugesize-compat.h: MFD_HUGE_16KB is already defined with another value"
#endif
#ifndef MFD_HUGE_64KB
# define MFD_HUGE_64KB (16U << 26)
#elif MFD_HUGE_64KB != (16U << 26)
# error "hugesize-compat.h: MFD_HUGE_64KB is already defined with another value"
#endif
#ifndef MFD_HUGE_256KB
# define MFD_HUGE_256KB (18U << 26)
#elif MFD_HUGE_256KB != (18U << 26)
# error "hugesize-compat.h: MFD_HUGE_256KB is already defined with another value"
#endif
#ifndef MFD_HUGE_512KB
# define MFD_HUGE_512KB (19U << 26)
#elif MFD_HUGE_512KB != (19U << 26)
# error "hugesize-compat.h: MFD_HUGE_512KB is already defined with another value"
#endif
#ifndef MFD_HUGE_1MB
# define MFD_HUGE_1MB (20U << 26)
#elif MFD_HUGE_1MB != (20U << 26)
# error "hugesize-compat.h: MFD_HUGE_1MB is already defined with another value"
#endif
#ifndef MFD_HUGE_2MB
# define MFD_HUGE_2MB (21U << 26)
#elif MFD_HUGE_2MB != (21U << 26)
# error "hugesize-compat.h: MFD_HUGE_2MB is already defined with another value"
#endif
#ifndef MFD_HUGE_4MB
# define MFD_HUGE_4MB (22U << 26)
#elif MFD_HUGE_4MB != (22U << 26)
# error "hugesize-compat.h: MFD_HUGE_4MB is already defined with another value"
#endif
#ifndef MFD_HUGE_8MB
# define MFD_HUGE_8MB (23U << 26)
#elif MFD_HUGE_8MB != (23U << 26)
# error "hugesize-compat.h: MFD_HUGE_8MB is already defined with another value"
#endif
#ifndef MFD_HUGE_16MB
# define MFD_HUGE_16MB (24U << 26)
#elif MFD_HUGE_16MB != (24U << 26)
# error "hugesize-compat.h: MFD_HUGE_16MB is already defined with another value"
#endif
#ifndef MFD_HUGE_32MB
# define MFD_HUGE_32MB (25U << 26)
#elif MFD_HUGE_32MB != (25U << 26)
# error "hugesize-compat.h: MFD_HUGE_32MB is already defined with another value"
#endif
#ifndef MFD_HUGE_64MB
# define MFD_HUGE_64MB (26U << 26)
#elif MFD_HUGE_64MB != (26U << 26)
# error "hugesize-compat.h: MFD_HUGE_64MB is already defined with another value"
#endif
#ifndef MFD_HUGE_128MB
# define MFD_HUGE_128MB (27U << 26)
#elif MFD_HUGE_128MB != (27U << 26)
# error "hugesize-compat.h: MFD_HUGE_128MB is already defined with another value"
#endif
#ifndef MFD_HUGE_256MB
# define MFD_HUGE_256MB (28U << 26)
#elif MFD_HUGE_256MB != (28U << 26)
# error "hugesize-compat.h: MFD_HUGE_256MB is already defined with another value"
#endif
#ifndef MFD_HUGE_512MB
# define MFD_HUGE_512MB (29U << 26)
#elif MFD_HUGE_512MB != (29U << 26)
# error "hugesize-compat.h: MFD_HUGE_512MB is already defined with another value"
#endif
#ifndef MFD_HUGE_1GB
# define MFD_HUGE_1GB (30U << 26)
#elif MFD_HUGE_1GB != (30U << 26)
# error "hugesize-compat.h: MFD_HUGE_1GB is already defined with another value"
#endif
#ifndef MFD_HUGE_2GB
# define MFD_HUGE_2GB (31U << 26)
#elif MFD_HUGE_2GB != (31U << 26)
# error "hugesize-compat.h: MFD_HUGE_2GB is already defined with another value"
#endif
#ifndef MFD_HUGE_16GB
# define MFD_HUGE_16GB (34U << 26)
#elif MFD_HUGE_16GB != (34U << 26)
# error "hugesize-compat.h: MFD_HUGE_16GB is already defined with another value"
#endif

/*
 * Every size named above as X(size, log2): X(2MB, 21) stands for
 * MAP_HUGE_2MB, SHM_HUGE_2MB and MFD_HUGE_2MB, each 21 << 26.
 */
#define HUGESIZE_NAMED_SIZES(X) \
	X(16KB, 14) X(64KB, 16) X(256KB, 18) X(512KB, 19) X(1MB, 20) \
	X(2MB, 21) X(4MB, 22) X(8MB, 23) X(16MB, 24) X(32MB, 25) \
	X(64MB, 26) X(128MB, 27) X(256MB, 28) X(512MB, 29) X(1GB, 30) \
	X(2GB, 31) X(16GB, 34)

/* ---- Helpers --------------------------------------------------------- */

#if defined(__cplusplus)
# if __cplusplus >= 201103L
#  define HUGESIZE_MODERN 1
# else
#  define HUGESIZE_MODERN 0
# endif
#elif defined(__STDC_VERSION__)
# if __STDC_VERSION__ >= 199901L
#  define HUGESIZE_MODERN 1
# else
#  define HUGESIZE_MODERN 0
# endif
#else
# define HUGESIZE_MODERN 0
#endif

#if HUGESIZE_HAVE_LIBC && HUGESIZE_MODERN && !defined(HUGESIZE_NO_HELPERS)
#define HUGESIZE_HELPERS 1

/* Casts and null pointers that neither C nor C++ warnings object to. */
#ifdef __cplusplus
# define HUGESIZE_CAST(type, value) static_cast<type>(value)
# define HUGESIZE_NULL nullptr
# define HUGESIZE_ADDR(pointer) reinterpret_cast<unsigned long>(pointer)
#else
# define HUGESIZE_CAST(type, value) ((type)(value))
# define HUGESIZE_NULL 0
# define HUGESIZE_ADDR(pointer) ((unsigned long)(pointer))
#endif
#define HUGESIZE_LLONG_MAX (~0ULL >> 1)

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* Where the kernel publishes the sizes and the default; a test may point
 * these at a copy by defining them, as string literals, before the include. */
#ifndef HUGESIZE_SYSFS_DIR
# define HUGESIZE_SYSFS_DIR "/sys/kernel/mm/hugepages"
#endif
#ifndef HUGESIZE_MEMINFO
# define HUGESIZE_MEMINFO "/proc/meminfo"
#endif

/* Pages of one size, as the files under HUGESIZE_SYSFS_DIR count them.
 * Unsigned long long: the kernel prints them as unsigned long. */
struct hugesize_pool {
	unsigned long long nr;      /* nr_hugepages: all pages, surplus too */
	unsigned long long free;    /* free_hugepages: not in use by a mapping */
	unsigned long long resv;    /* resv_hugepages: promised, not yet faulted */
	unsigned long long surplus; /* surplus_hugepages: overcommitted, in nr */
};

#define HUGESIZE_LOG2_MAX 63

/* log2 of bytes when it is a power of two, else -1. */
static inline int hugesize_log2(unsigned long long bytes)
{
	int log2 = 0;

	if (bytes == 0 || (bytes & (bytes - 1)) != 0)
		return -1;
	while (bytes > 1) {
		bytes >>= 1;
		log2++;
	}
	return log2;
}

static inline long long hugesize_flags(unsigned long long bytes)
{
	int log2;

	if (bytes == 0)
		return 0;
	log2 = hugesize_log2(bytes);
	if (log2 < 1) {
		errno = EINVAL;
		return -1;
	}
	return HUGESIZE_CAST(long long, log2) << MAP_HUGE_SHIFT;
}

static inline unsigned long long hugesize_bytes(long long flags)
{
	unsigned int log2 = HUGESIZE_CAST(unsigned int,
		(HUGESIZE_CAST(unsigned long long, flags) >> MAP_HUGE_SHIFT) & MAP_HUGE_MASK);

	return log2 ? 1ULL << log2 : 0;
}

/* ASCII lower case, whatever the locale. */
static inline char hugesize_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? HUGESIZE_CAST(char, c - 'A' + 'a') : c;
}

/*
 * The binary shift a unit suffix stands for: "" or "b" 0, "k"/"kb"/"kib"
 * 10, "m.." 20, "g.." 30, "t.." 40, "p.." 50, "e.." 60; -1 for anything
 * else. Case-insensitive.
 */
static inline int hugesize_unit_shift(const char *unit)
{
	static const char prefixes[] = "kmgtpe";
	const char *p;
	int shift = 0;

	if (*unit == '\0')
		return 0;
	for (p = prefixes; *p; p++) {
		if (hugesize_lower(*unit) == *p) {
			shift = 10 * HUGESIZE_CAST(int, p - prefixes + 1);
			unit++;
			if (hugesize_lower(*unit) == 'i') {
				unit++;
				if (hugesize_lower(*unit) != 'b')
					return -1;
			}
			break;
		}
	}
	if (hugesize_lower(*unit) == 'b')
		unit++;
	return *unit == '\0' ? shift : -1;
}

static inline long long hugesize_parse(const char *text)
{
	const unsigned long long limit = HUGESIZE_LLONG_MAX;
	unsigned long long value = 0;
	int overflow = 0, shift;
	const char *p;

	if (text == HUGESIZE_NULL || *text < '0' || *text > '9') {
		errno = EINVAL;
		return -1;
	}
	for (p = text; *p >= '0' && *p <= '9'; p++) {
		unsigned int digit = HUGESIZE_CAST(unsigned int, *p - '0');

		if (value > (limit - digit) / 10)
			overflow = 1;
		else
			value = value * 10 + digit;
	}
	shift = hugesize_unit_shift(p);
	if (shift < 0) {
		errno = EINVAL;
		return -1;
	}
	if (overflow || value > limit >> shift) {
		errno = ERANGE;
		return -1;
	}
	return HUGESIZE_CAST(long long, value << shift);
}

/*
 * A parser for the kernel's "Key:   123 kB" lines, fed a file in chunks of
 * any size so that no line is ever cut short. With an empty key it reads a
 * file that holds one number (sysfs). Internal; exposed for the tests.
 */
enum hugesize_scan_state {
	HUGESIZE_SCAN_KEY,     /* matching the key at the start of a line */
	HUGESIZE_SCAN_SKIP,    /* not our line: skipping to its end */
	HUGESIZE_SCAN_BLANK,   /* after the key: blanks before the number */
	HUGESIZE_SCAN_DIGITS,  /* in the number */
	HUGESIZE_SCAN_UNIT,    /* blanks, then "kB", before the line ends */
	HUGESIZE_SCAN_DONE,    /* the line was read: value/kb are final */
	HUGESIZE_SCAN_BAD      /* the line did not have that form */
};

struct hugesize_scan {
	const char *key;
	unsigned long matched;      /* key characters seen on this line */
	unsigned long long value;
	enum hugesize_scan_state state;
	int overflow;
	int kb;                     /* how many of "kB" followed the number */
	int reserved;               /* keeps the size a multiple of 8: no padding */
};

static inline void hugesize_scan_init(struct hugesize_scan *scan, const char *key)
{
	scan->key = key;
	scan->matched = 0;
	scan->state = HUGESIZE_SCAN_KEY;
	scan->overflow = 0;
	scan->kb = 0;
	scan->value = 0;
	scan->reserved = 0;
}

/* One character; the states run in the order of a line, so each may hand
 * the character on to the next. */
static inline void hugesize_scan_char(struct hugesize_scan *scan, char c)
{
	unsigned int digit = HUGESIZE_CAST(unsigned int, c - '0');

	if (scan->state == HUGESIZE_SCAN_SKIP) {
		if (c == '\n')
			scan->state = HUGESIZE_SCAN_KEY;
		return;
	}
	if (scan->state == HUGESIZE_SCAN_KEY) {
		if (scan->key[scan->matched] != '\0') {
			if (c == scan->key[scan->matched]) {
				scan->matched++;
				return;
			}
			scan->matched = 0;
			if (c != '\n')
				scan->state = HUGESIZE_SCAN_SKIP;
			return;
		}
		scan->state = HUGESIZE_SCAN_BLANK;
	}
	if (scan->state == HUGESIZE_SCAN_BLANK) {
		if (c == ' ' || c == '\t')
			return;
		scan->state = digit <= 9 ? HUGESIZE_SCAN_DIGITS : HUGESIZE_SCAN_BAD;
	}
	if (scan->state == HUGESIZE_SCAN_DIGITS) {
		if (digit <= 9) {
			if (scan->value > (~0ULL - digit) / 10)
				scan->overflow = 1;
			else
				scan->value = scan->value * 10 + digit;
			return;
		}
		scan->state = HUGESIZE_SCAN_UNIT;
	}
	if (scan->state == HUGESIZE_SCAN_UNIT) {
		if (c == '\n')
			scan->state = HUGESIZE_SCAN_DONE;
		else if ((c == ' ' || c == '\t') && scan->kb == 0)
			return;
		else if (scan->kb < 2 && c == "kB"[scan->kb])
			scan->kb++;
		else
			scan->state = HUGESIZE_SCAN_BAD;
	}
}

static inline void hugesize_scan_feed(struct hugesize_scan *scan,
				      const char *data, unsigned long len)
{
	unsigned long i;

	for (i = 0; i < len && scan->state < HUGESIZE_SCAN_DONE; i++)
		hugesize_scan_char(scan, data[i]);
}

/*
 * The end of the input: the number, or -1 with errno ENOENT (no such
 * line), EIO (a line of another form) or ERANGE. want_kb: whether the
 * number must be followed by "kB" (and is then returned in bytes).
 */
static inline long long hugesize_scan_end(struct hugesize_scan *scan, int want_kb)
{
	const unsigned long long limit = HUGESIZE_LLONG_MAX;

	if (scan->state == HUGESIZE_SCAN_DIGITS || scan->state == HUGESIZE_SCAN_UNIT)
		scan->state = HUGESIZE_SCAN_DONE;         /* no final newline */
	if (scan->state != HUGESIZE_SCAN_DONE) {
		errno = scan->state == HUGESIZE_SCAN_BAD ? EIO : ENOENT;
		return -1;
	}
	if (scan->kb != (want_kb ? 2 : 0)) {
		errno = EIO;
		return -1;
	}
	if (scan->overflow || scan->value > (want_kb ? limit >> 10 : limit)) {
		errno = ERANGE;
		return -1;
	}
	return HUGESIZE_CAST(long long, want_kb ? scan->value << 10 : scan->value);
}

/* Opens a file to read; no descriptor leaks into a concurrent exec. */
static inline int hugesize_open(const char *path)
{
#ifdef O_CLOEXEC
	return open(path, O_RDONLY | O_CLOEXEC);
#else
	return open(path, O_RDONLY);
#endif
}

/* Reads path through the scanner; -1 with errno on failure. */
static inline long long hugesize_read_number(const char *path, const char *key,
					     int want_kb)
{
	struct hugesize_scan scan;
	char chunk[512];
	long long result;
	ssize_t n;
	int fd, saved;

	fd = hugesize_open(path);
	if (fd < 0)
		return -1;
	hugesize_scan_init(&scan, key);
	while ((n = read(fd, chunk, sizeof chunk)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
		hugesize_scan_feed(&scan, chunk, HUGESIZE_CAST(unsigned long, n));
	}
	close(fd);
	result = hugesize_scan_end(&scan, want_kb);
	return result;
}

static inline long long hugesize_default(void)
{
	return hugesize_read_number(HUGESIZE_MEMINFO, "Hugepagesize:", 1);
}

/*
 * The path of one pool file, "<dir>/hugepages-<kB>kB/<name>", in out; its
 * size covers the longest such path, so nothing is ever cut off.
 */
#define HUGESIZE_PATH_MAX (sizeof HUGESIZE_SYSFS_DIR + sizeof "/hugepages-" \
			   + 20 + sizeof "kB/surplus_hugepages")

static inline void hugesize_pool_path(char *out, unsigned long long kb,
				      const char *name)
{
	static const char dir[] = HUGESIZE_SYSFS_DIR "/hugepages-";
	char digits[20];
	int n = 0;
	const char *s;

	for (s = dir; *s; s++)
		*out++ = *s;
	do {
		digits[n++] = HUGESIZE_CAST(char, '0' + kb % 10);
		kb /= 10;
	} while (kb);
	while (n)
		*out++ = digits[--n];
	*out++ = 'k';
	*out++ = 'B';
	if (name) {
		*out++ = '/';
		for (s = name; *s; s++)
			*out++ = *s;
	}
	*out = '\0';
}

static inline int hugesize_list(unsigned long long *sizes, int max)
{
	char path[HUGESIZE_PATH_MAX];
	int log2, count = 0;

	if (max < 0 || (sizes == HUGESIZE_NULL && max > 0)) {
		errno = EINVAL;
		return -1;
	}
	/* Huge pages are base pages times a power of two: probing every
	 * power of two from 1 kB up finds each directory, in order. */
	for (log2 = 10; log2 <= HUGESIZE_LOG2_MAX; log2++) {
		hugesize_pool_path(path, 1ULL << (log2 - 10), HUGESIZE_NULL);
		if (access(path, F_OK) != 0)
			continue;
		if (count < max)
			sizes[count] = 1ULL << log2;
		count++;
	}
	return count;
}

static inline int hugesize_pool(unsigned long long bytes, struct hugesize_pool *pool)
{
	static const char *const names[] = {
		"nr_hugepages", "free_hugepages", "resv_hugepages", "surplus_hugepages"
	};
	unsigned long long *fields[4];
	char path[HUGESIZE_PATH_MAX];
	long long value;
	int i;

	if (pool == HUGESIZE_NULL || hugesize_log2(bytes) < 10) {
		errno = EINVAL;
		return -1;
	}
	fields[0] = &pool->nr;
	fields[1] = &pool->free;
	fields[2] = &pool->resv;
	fields[3] = &pool->surplus;
	for (i = 0; i < 4; i++) {
		hugesize_pool_path(path, bytes >> 10, names[i]);
		value = hugesize_read_number(path, "", 0);
		if (value < 0)
			return -1;
		*fields[i] = HUGESIZE_CAST(unsigned long long, value);
	}
	return 0;
}

/* ---- Mapping with the largest size that works ------------------------- */

/* MAP_ANONYMOUS where the libc hides it (strict ISO modes) or lacks it. */
#if defined(MAP_ANONYMOUS)
# define HUGESIZE_MAP_ANONYMOUS MAP_ANONYMOUS
#elif defined(MAP_ANON)
# define HUGESIZE_MAP_ANONYMOUS MAP_ANON
#elif defined(__alpha__) || defined(__hppa__)
# define HUGESIZE_MAP_ANONYMOUS 0x10
#elif defined(__mips__) || defined(__xtensa__)
# define HUGESIZE_MAP_ANONYMOUS 0x800
#else
# define HUGESIZE_MAP_ANONYMOUS 0x20
#endif

/* Where the kernel publishes transparent huge pages; and the calls
 * hugesize_map() makes. A test may define any of these before the include. */
#ifndef HUGESIZE_THP_DIR
# define HUGESIZE_THP_DIR "/sys/kernel/mm/transparent_hugepage"
#endif
#ifndef HUGESIZE_MMAP
# define HUGESIZE_MMAP mmap
#endif
#ifndef HUGESIZE_MUNMAP
# define HUGESIZE_MUNMAP munmap
#endif
/* The THP step needs madvise(MADV_HUGEPAGE), which glibc (and uClibc-ng)
 * declare only with __USE_MISC, musl with _BSD_SOURCE or _GNU_SOURCE, bionic
 * always. MADV_HUGEPAGE alone proves nothing: <linux/mman.h> defines it. */
#if !defined(HUGESIZE_MADVISE) && defined(MADV_HUGEPAGE) && \
    (defined(__USE_MISC) || defined(_BSD_SOURCE) || defined(_GNU_SOURCE) || defined(__BIONIC__))
# define HUGESIZE_MADVISE(addr, len) madvise((addr), (len), MADV_HUGEPAGE)
#endif

/*
 * hugesize_map(): anonymous memory of at least length bytes on the largest
 * pages the kernel will give, for programs that would otherwise each write
 * the same loop ("huge_pages=try").
 *
 * flags: MAP_PRIVATE or MAP_SHARED, optionally with MAP_ANONYMOUS (implied);
 * anything else (MAP_HUGETLB, a size field, MAP_FIXED, MAP_NORESERVE,
 * MAP_POPULATE, ...) fails with EINVAL before anything is mapped. prot is
 * passed to mmap() as it is. The steps, each taken only if the one before
 * did not map:
 *
 *  1. hugetlb, each size of hugesize_list() that is not larger than length,
 *     largest first: mmap(MAP_HUGETLB | that size) of length rounded up to
 *     a multiple of it. On ENOMEM (the pool cannot cover it) or EINVAL (the
 *     kernel refuses that size) the next smaller size; any other error is
 *     returned at once.
 *  2. transparent huge pages, for MAP_PRIVATE when the kernel has them
 *     (HUGESIZE_THP_DIR/hpage_pmd_size, "enabled" not [never]), length is at
 *     least that size, and the libc declares madvise() and MADV_HUGEPAGE
 *     (glibc and musl do with _DEFAULT_SOURCE or _GNU_SOURCE, and by
 *     default unless -std=c99 and the like; HUGESIZE_THP_STEP says whether
 *     the step is compiled in): length rounded up to the THP size,
 *     the start aligned to it, then madvise(MADV_HUGEPAGE); if madvise
 *     fails the mapping is undone.
 *  3. base pages: length rounded up to the page size.
 *
 * Nothing is touched: pages come at the first touch (hugetlb ones from the
 * reservation made at mmap()).
 *
 * Returns the start, or MAP_FAILED with errno: EINVAL (arguments), ENOMEM
 * (step 3 could not map, or no page size can round length up), or the
 * error of the mmap() that ended the search. *got is filled only on
 * success: page_size, backing, the flags mmap() was given and length, the
 * length actually mapped: pass that to munmap(). How sure page_size is:
 * HUGESIZE_HUGETLB certain (the kernel reserved pages of that size at
 * mmap() time; the first touch can still get SIGBUS if a cpuset or memory
 * policy keeps the pages out of reach); HUGESIZE_THP only what the kernel
 * may use: each fault gets a huge page if one is free then, khugepaged may
 * collapse later, and prctl(PR_SET_THP_DISABLE) or the "defrag" setting
 * can leave base pages: /proc/self/smaps AnonHugePages tells; HUGESIZE_BASE
 * the base page (with THP "enabled" [always] the kernel may still use huge
 * pages). No allocation, no state: safe from any number of threads.
 */
#ifdef HUGESIZE_MADVISE
# define HUGESIZE_THP_STEP 1
#else
# define HUGESIZE_THP_STEP 0
#endif

/* What backs a mapping of hugesize_map(). */
enum hugesize_backing {
	HUGESIZE_HUGETLB = 1, /* hugetlb pages of page_size: reserved, certain */
	HUGESIZE_THP = 2,     /* base pages marked MADV_HUGEPAGE: page_size is
			       * what the kernel may use at each fault */
	HUGESIZE_BASE = 3     /* base pages of page_size */
};

struct hugesize_mapping {
	unsigned long long page_size;
	size_t length;              /* what was mapped: munmap(addr, length) */
	int backing;                /* enum hugesize_backing */
	int flags;                  /* the flags mmap() was given */
};

/* Every size hugesize_list() can find: powers of two from 2^10 to 2^63. */
#define HUGESIZE_SIZES_MAX (HUGESIZE_LOG2_MAX - 9)

/* length rounded up to unit (a power of two) in *out; 0 on overflow. */
static inline int hugesize_round_up(size_t length, unsigned long long unit,
				    size_t *out)
{
	unsigned long long rounded = (HUGESIZE_CAST(unsigned long long, length)
				      + (unit - 1)) & ~(unit - 1);

	if (rounded < length || rounded != HUGESIZE_CAST(size_t, rounded))
		return 0;
	*out = HUGESIZE_CAST(size_t, rounded);
	return 1;
}

/*
 * The PMD size of transparent huge pages, or 0 when the kernel has none
 * (no CONFIG_TRANSPARENT_HUGEPAGE) or they are switched off ("[never]").
 */
static inline unsigned long long hugesize_thp_size(void)
{
	static const char never[] = "[never]";
	char text[64];
	long long size = hugesize_read_number(HUGESIZE_THP_DIR "/hpage_pmd_size", "", 0);
	ssize_t n = 0, i, j;
	int fd;

	if (size <= 0 || hugesize_log2(HUGESIZE_CAST(unsigned long long, size)) < 0)
		return 0;
	fd = hugesize_open(HUGESIZE_THP_DIR "/enabled");
	if (fd >= 0) {
		n = read(fd, text, sizeof text);
		close(fd);
	}
	for (i = 0; i + HUGESIZE_CAST(ssize_t, sizeof never) - 1 <= n; i++) {
		for (j = 0; never[j] != '\0' && text[i + j] == never[j]; j++)
			;
		if (never[j] == '\0')
			return 0;
	}
	return HUGESIZE_CAST(unsigned long long, size);
}

/* addr, after filling *got when it is a mapping. */
static inline void *hugesize_mapped(void *addr, unsigned long long page_size, size_t length,
				    int backing, int flags, struct hugesize_mapping *got)
{
	if (addr != MAP_FAILED) {
		got->page_size = page_size;
		got->length = length;
		got->backing = backing;
		got->flags = flags;
	}
	return addr;
}

static inline void *hugesize_map(size_t length, int prot, int flags,
				 struct hugesize_mapping *got)
{
	const int kinds = MAP_PRIVATE | MAP_SHARED;
	unsigned long long sizes[HUGESIZE_SIZES_MAX], page;
	size_t rounded;
	void *addr;
	int i, huge;

	if (got == HUGESIZE_NULL || length == 0 ||
	    (flags & ~(kinds | HUGESIZE_MAP_ANONYMOUS)) != 0 ||
	    ((flags & kinds) != MAP_PRIVATE && (flags & kinds) != MAP_SHARED)) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	flags |= HUGESIZE_MAP_ANONYMOUS;

	/* hugetlb, largest first. A pool that cannot cover the length fails
	 * the mmap with ENOMEM before anything is taken; asking the kernel
	 * is exact where the counters would be racy and blind to overcommit. */
	for (i = hugesize_list(sizes, HUGESIZE_SIZES_MAX) - 1; i >= 0; i--) {
		if (sizes[i] > length || !hugesize_round_up(length, sizes[i], &rounded))
			continue;
		huge = flags | MAP_HUGETLB | HUGESIZE_CAST(int, hugesize_flags(sizes[i]));
		addr = HUGESIZE_MMAP(HUGESIZE_NULL, rounded, prot, huge, -1, 0);
		if (addr != MAP_FAILED)
			return hugesize_mapped(addr, sizes[i], rounded, HUGESIZE_HUGETLB, huge, got);
		if (errno != ENOMEM && errno != EINVAL)
			return MAP_FAILED;
	}

	page = HUGESIZE_CAST(unsigned long long, sysconf(_SC_PAGESIZE));
#ifdef HUGESIZE_MADVISE
	/* THP: private only (shared anonymous memory is shmem, with its own
	 * THP switch), aligned by mapping one THP more and trimming. */
	{
		unsigned long long thp = hugesize_thp_size();
		size_t over;
		char *raw, *start;

		if ((flags & kinds) == MAP_PRIVATE && thp > page && thp <= length &&
		    hugesize_round_up(length, thp, &rounded) &&
		    (over = rounded + HUGESIZE_CAST(size_t, thp - page)) > rounded &&
		    (raw = HUGESIZE_CAST(char *, HUGESIZE_MMAP(HUGESIZE_NULL, over, prot, flags,
							       -1, 0))) != MAP_FAILED) {
			start = raw + HUGESIZE_CAST(size_t, (thp - HUGESIZE_ADDR(raw) % thp) % thp);
			if (start > raw)
				HUGESIZE_MUNMAP(raw, HUGESIZE_CAST(size_t, start - raw));
			if (start + rounded < raw + over)
				HUGESIZE_MUNMAP(start + rounded,
						HUGESIZE_CAST(size_t, raw + over - (start + rounded)));
			if (HUGESIZE_MADVISE(start, rounded) == 0)
				return hugesize_mapped(start, thp, rounded, HUGESIZE_THP, flags, got);
			HUGESIZE_MUNMAP(start, rounded);
		}
	}
#endif
	if (!hugesize_round_up(length, page, &rounded)) {
		errno = ENOMEM;
		return MAP_FAILED;
	}
	return hugesize_mapped(HUGESIZE_MMAP(HUGESIZE_NULL, rounded, prot, flags, -1, 0), page,
			       rounded, HUGESIZE_BASE, flags, got);
}

#else
#define HUGESIZE_HELPERS 0
#endif /* helpers */

#endif /* HUGESIZE_COMPAT_H */
