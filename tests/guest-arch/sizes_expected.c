/* SPDX-License-Identifier: MIT */
/*
 * The huge page sizes the kernel offers (sysfs) are the ones its architecture
 * must offer: hugesize.sizes= on the kernel command line, SIZES_A of the
 * guest's toolchain/arch/ARCH.mk. And the C library the program is built with
 * names each of them, with the value the kernel decodes: MAP_HUGE_<SIZE>,
 * SHM_HUGE_<SIZE> and MFD_HUGE_<SIZE> all log2(size) << 26, which is what
 * check-libc-arch compares on the host for every architecture.
 * hugesize.sizes=none: the architecture's table says its guest offers no
 * size (s390x: QEMU's TCG has no EDAT), and sysfs must list none.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "harness.h"
#include "hugesize-compat.h"
#include "sizes.h"
#include "cmdline.h"

TEST(sysfs_offers_the_expected_sizes)
{
	unsigned long long offered[HUGESIZE_SIZES_MAX], want;
	char buf[256], *name, *save = NULL, got[256] = "";
	int n = sizes_offered(offered, HUGESIZE_SIZES_MAX), i, seen = 0;

	if (!cmdline_value("sizes", buf, sizeof(buf)))
		SKIP(return, "no hugesize.sizes= on the kernel command line");
	for (i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
			 i ? "," : "", SIZE_NAME(offered[i]));
	TH_LOG("expected %s, sysfs offers %s", buf, n ? got : "none");
	if (!strcmp(buf, "none")) {
		EXPECT_EQ(0, n) TH_LOG("sysfs offers %s, none expected", got);
		return;
	}
	for (name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		long long bytes = hugesize_parse(name);

		ASSERT_LT(0, bytes) TH_LOG("hugesize.sizes=: cannot parse %s", name);
		want = (unsigned long long)bytes;
		EXPECT_TRUE(size_in(offered, n, want)) TH_LOG("%s is not offered", name);
		seen++;
	}
	EXPECT_EQ(seen, n) TH_LOG("sysfs offers %d sizes, %d expected", n, seen);
}

TEST(libc_names_every_offered_size)
{
	unsigned long long offered[HUGESIZE_SIZES_MAX];
	int n = sizes_offered(offered, HUGESIZE_SIZES_MAX), i;

	SIZES_NEEDED(n);
	for (i = 0; i < n; i++) {
		const struct size_names *names = size_names(offered[i]);
		unsigned int log2 = (unsigned int)__builtin_ctzll(offered[i]);

		ASSERT_NE(NULL, names) TH_LOG("%s has no MAP_/SHM_/MFD_HUGE_ name", SIZE_NAME(offered[i]));
		EXPECT_EQ(log2 << 26, names->map) TH_LOG("MAP_HUGE_%s", SIZE_NAME(offered[i]));
		EXPECT_EQ(log2 << 26, names->shm) TH_LOG("SHM_HUGE_%s", SIZE_NAME(offered[i]));
		EXPECT_EQ(log2 << 26, names->mfd) TH_LOG("MFD_HUGE_%s", SIZE_NAME(offered[i]));
		EXPECT_EQ((long long)(log2 << 26), hugesize_flags(offered[i]));
	}
}

TEST_HARNESS_MAIN
