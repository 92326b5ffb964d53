/* SPDX-License-Identifier: MIT */
/*
 * The matrix's value check: compiles (with -Werror) only when every
 * constant of expected.h has its value, in every compiler, standard, libc
 * and include order the matrix runs it in. C89- and C++98-clean on purpose.
 *
 * ORDER_BEFORE / ORDER_AFTER: the header before or after <sys/mman.h> and
 * <sys/shm.h>; ORDER_LINUX: after <linux/mman.h> and <linux/memfd.h>;
 * ORDER_UAPI: after every uapi header of these calls, System V IPC too;
 * none: the header alone (freestanding). EXPECT_HELPERS: 1 when the
 * helpers must be there, 0 when they must not.
 */
#if defined(ORDER_UAPI)
#include <linux/ipc.h>
#include <linux/shm.h>
#include <linux/mman.h>
#include <linux/memfd.h>
#include <asm/mman.h>
#include <hugesize-compat.h>
#elif defined(ORDER_LINUX)
#include <linux/mman.h>
#include <linux/memfd.h>
#include <hugesize-compat.h>
#elif defined(ORDER_AFTER)
#include <sys/mman.h>
#include <sys/shm.h>
#include <hugesize-compat.h>
#elif defined(ORDER_BEFORE)
#include <hugesize-compat.h>
#include <sys/mman.h>
#include <sys/shm.h>
#else
#include <hugesize-compat.h>
#endif
#include "expected.h"

/* A negative array size fails the build when cond is false. */
#define CHECK(name, cond) typedef char check_##name[(cond) ? 1 : -1];

/* Equal to log2 << 26 and positive, so 16GB must be unsigned. */
#define CHECK_ENCODING(prefix, size, log2) \
	CHECK(prefix##_HUGE_##size, prefix##_HUGE_##size == (unsigned long)log2 << 26 \
	      && prefix##_HUGE_##size > 0)
#define CHECK_MAP(size, log2) CHECK_ENCODING(MAP, size, log2)
#define CHECK_SHM(size, log2) CHECK_ENCODING(SHM, size, log2)
#define CHECK_MFD(size, log2) CHECK_ENCODING(MFD, size, log2)
#define CHECK_FIELD(prefix) \
	CHECK(prefix##_HUGE_SHIFT, prefix##_HUGE_SHIFT == EXPECTED_SHIFT) \
	CHECK(prefix##_HUGE_MASK, prefix##_HUGE_MASK == EXPECTED_MASK)

HUGE_SIZES(CHECK_MAP)
HUGE_SIZES(CHECK_SHM)
HUGE_SIZES(CHECK_MFD)
EXPECTED_PREFIXES(CHECK_FIELD)

CHECK(MAP_HUGETLB, MAP_HUGETLB == EXPECTED_MAP_HUGETLB)
CHECK(SHM_HUGETLB, SHM_HUGETLB == EXPECTED_SHM_HUGETLB)
CHECK(SHM_NORESERVE, SHM_NORESERVE == EXPECTED_SHM_NORESERVE)
CHECK(MFD_HUGETLB, MFD_HUGETLB == EXPECTED_MFD_HUGETLB)

#ifdef EXPECT_HELPERS
CHECK(helpers_present, HUGESIZE_HELPERS == EXPECT_HELPERS)
#endif

#if HUGESIZE_HELPERS
CHECK(pool_fields, sizeof(struct hugesize_pool) == 4 * sizeof(unsigned long long))

/* Every helper with its documented signature. */
int use_helpers(void);
int use_helpers(void)
{
	long long (*flags)(unsigned long long) = hugesize_flags;
	unsigned long long (*bytes)(long long) = hugesize_bytes;
	long long (*parse)(const char *) = hugesize_parse;
	long long (*deflt)(void) = hugesize_default;
	int (*list)(unsigned long long *, int) = hugesize_list;
	int (*pool)(unsigned long long, struct hugesize_pool *) = hugesize_pool;
	void *(*map)(size_t, int, int, struct hugesize_mapping *) = hugesize_map;

	return flags != 0 && bytes != 0 && parse != 0 && deflt != 0 && list != 0 && pool != 0 &&
	       map != 0;
}
#endif
