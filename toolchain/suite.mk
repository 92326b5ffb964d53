# Guest boots of the suite besides the main one (toolchain/guest.mk): each
# runs a few programs of tests/guest/ in a guest configured for them.
#
#   check-numa  (part of make check, x86_64) tests/guest/numa/numa.c in a guest
#               with two NUMA nodes from QEMU's ACPI SRAT and per-node pools
#   bench       (make bench, not part of check) tests/guest/bench/bench.c:
#               minor faults, populate time and random access per page size

vpath %.c tests/guest/bench tests/guest/numa

ifeq ($(ARCH),x86_64)
# Node 0 gets 5G: QEMU puts its first 3G below the PCI hole, and the kernel's
# early allocations take the top of a node, so only the 5G node has an
# aligned gigabyte free at boot for its 1G page.
NUMA_MEM   := 9G
NUMA_QEMU  := -object memory-backend-ram,id=m0,size=5G -object memory-backend-ram,id=m1,size=4G \
	      -numa node,nodeid=0,cpus=0,memdev=m0 -numa node,nodeid=1,cpus=1,memdev=m1
NUMA_POOLS := hugepagesz=1G hugepages=0:1,1:1 hugepagesz=2M hugepages=0:64,1:64 default_hugepagesz=2M

check-numa:
	$(Q)$(MAKE) --no-print-directory check-guest GUEST_ONLY=numa CHECK_AS=$@ \
		ARCH_MEM=$(NUMA_MEM) ARCH_POOLS='$(NUMA_POOLS)' QEMU_ARGS='$(NUMA_QEMU)'
GUEST_CHECKS += check-numa
endif

# 1 GiB of each size: 512 2M pages and one 1G page, next to 1 GiB of base pages.
BENCH_POOLS := hugepagesz=1G hugepages=1 hugepagesz=2M hugepages=512 default_hugepagesz=2M
bench:
	$(Q)$(MAKE) --no-print-directory check-guest GUEST_ONLY=bench CHECK_AS=$@ \
		ARCH_POOLS='$(BENCH_POOLS)' TEST_TIMEOUT=900

HELP += "bench      populate 1 GiB with 4K, 2M and 1G pages in the guest: minor faults, time, random access"
.PHONY: check-numa bench
