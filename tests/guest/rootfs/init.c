/* SPDX-License-Identifier: MIT */
/*
 * /init of the test guest.
 *
 * check mode (the default): runs every program in /tests, one at a time,
 * under a time limit, and turns their output into one flat TAP stream on the
 * console: each result line of a program becomes "ok N program: name", its
 * other lines become diagnostics, and a program that prints no results counts
 * as one test by its exit status (0 pass, 4 skip, anything else fail). After
 * each program, every huge page pool must be back where it started, and the
 * kernel log must hold no report (a warning, BUG, oops, KASAN or lockdep
 * splat) since the program started: one there fails the program, with the
 * report as diagnostics. The boot is checked so too, before the first.
 * /etc/hugesize-resume present ("PROGRAM NUMBER"): the guest was booted
 * again after PROGRAM took the kernel down (toolchain/guest/boot.sh);
 * the run goes on after it, numbering results from NUMBER + 1.
 *
 * /etc/hugesize-cmd present: runs it with /bin/sh and reports its status.
 * /etc/hugesize-shell present: an interactive shell on the console.
 *
 * Then the guest powers off (by a restart that QEMU -no-reboot turns into an exit).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmdline.h"
#include "hugesize-compat.h"

#define TESTS_DIR	"/tests"
#define KSFT_SKIP	4
#define MAX_SIZES	16

struct tally {
	int number, pass, fail, skip, xfail;
};

struct pools {
	int count;
	unsigned long long size[MAX_SIZES];
	struct hugesize_pool pool[MAX_SIZES];
};

static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static void result(struct tally *t, const char *verdict, const char *prog,
		   const char *what)
{
	t->number++;
	if (!strcmp(verdict, "not ok") && strstr(what, "# TODO"))
		t->xfail++;
	else if (!strcmp(verdict, "not ok"))
		t->fail++;
	else if (strstr(what, "# SKIP"))
		t->skip++;
	else
		t->pass++;
	say("%s %d %s: %s\n", verdict, t->number, prog, what);
}

static void mount_filesystems(void)
{
	static const struct { const char *type, *dir; } fs[] = {
		{ "proc", "/proc" }, { "sysfs", "/sys" },
		{ "devtmpfs", "/dev" }, { "tmpfs", "/tmp" },
	};
	size_t i;

	for (i = 0; i < sizeof(fs) / sizeof(fs[0]); i++) {
		mkdir(fs[i].dir, 0755);
		if (mount(fs[i].type, fs[i].dir, fs[i].type, 0, NULL) && errno != EBUSY)
			say("# init: mount %s: %s\n", fs[i].dir, strerror(errno));
	}
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, text, strlen(text)) < 0)
		say("# init: %s: %s\n", path, strerror(errno));
	if (fd >= 0)
		close(fd);
}

/* hugesize.timeout=SECONDS on the kernel command line; 120 otherwise. */
static int test_timeout(void)
{
	char value[32];
	int seconds = cmdline_value("timeout", value, sizeof(value)) ? atoi(value) : 0;

	return seconds > 0 ? seconds : 120;
}

/*
 * Which failures are expected: those the list hugesize.xfail= names (what
 * the kernel series changes, when the guest boots the kernel without it),
 * each item a program by its name without the libc flavour (.glibc,
 * .stock-musl), for all its failures, or PROGRAM:RESULT for one result.
 * They become TAP TODO results.
 */
static int expected_to_fail(const char *name)
{
	return cmdline_lists("xfail", name, strcspn(name, "."));
}

static int expected_result(const char *name, const char *result, size_t len)
{
	char item[256];
	int n = snprintf(item, sizeof(item), "%.*s:%.*s", (int)strcspn(name, "."), name,
			 (int)len, result);

	return n > 0 && (size_t)n < sizeof(item) && cmdline_lists("xfail", item, (size_t)n);
}

static const char *uptime(char *buf, size_t len)
{
	FILE *f = fopen("/proc/uptime", "r");

	if (!f || !fgets(buf, (int)len, f))
		snprintf(buf, len, "?");
	if (f)
		fclose(f);
	buf[strcspn(buf, " \n")] = '\0';
	return buf;
}

static void read_pools(struct pools *p)
{
	int i, n = hugesize_list(p->size, MAX_SIZES);

	p->count = n < 0 ? 0 : n > MAX_SIZES ? MAX_SIZES : n;
	for (i = 0; i < p->count; i++)
		if (hugesize_pool(p->size[i], &p->pool[i]))
			memset(&p->pool[i], 0xff, sizeof(p->pool[i]));
}

/* Describes in buf every way "after" differs from "before"; 0 when none. */
static int pools_differ(const struct pools *before, const struct pools *after,
			char *buf, size_t len)
{
	int i, n = 0;

	buf[0] = '\0';
	if (before->count != after->count)
		return snprintf(buf, len, "%d pool sizes before, %d after",
				before->count, after->count);
	for (i = 0; i < before->count; i++) {
		const struct hugesize_pool *b = &before->pool[i], *a = &after->pool[i];

		if (!memcmp(a, b, sizeof(*a)))
			continue;
		n += snprintf(buf + n, n < (int)len ? len - n : 0,
			      "%s%llukB nr %llu->%llu free %llu->%llu resv %llu->%llu surplus %llu->%llu",
			      n ? "; " : "", before->size[i] >> 10,
			      (unsigned long long)b->nr, (unsigned long long)a->nr,
			      (unsigned long long)b->free, (unsigned long long)a->free,
			      (unsigned long long)b->resv, (unsigned long long)a->resv,
			      (unsigned long long)b->surplus, (unsigned long long)a->surplus);
	}
	return n;
}

/*
 * How a kernel report starts: BUG() and KASAN, sleeping in atomic context,
 * bad page state ("BUG:"), oopses on each architecture, UBSAN, DEBUG_LIST;
 * WARN() up to 7.2 ("WARNING: CPU: 0 PID: 1 at ...") and lockdep's and
 * RCU's reports. A line that only starts with "WARNING:" is not one: ppc64
 * boots with "WARNING: nvram corruption detected" on QEMU's empty NVRAM.
 * A warning and a KASAN report panic the guest (panic_on_warn=1), which
 * boot.sh turns into the failure of the program; the others leave it
 * running, and are found here.
 */
static const char *const report_starts[] = {
	"BUG:", "kernel BUG at", "Oops", "Internal error:", "Unable to handle kernel",
	"general protection fault", "UBSAN:", "list_add corruption", "list_del corruption",
	"INFO: trying to register non-static key", "WARNING: CPU:", "WARNING: at ",
	"WARNING: possible ", "WARNING: inconsistent lock state", "WARNING: suspicious RCU usage",
	"WARNING: bad unlock balance", "WARNING: bad contention", "WARNING: held lock freed",
	"WARNING: lock held when returning", "WARNING: Nested lock was not taken",
	"WARNING: chain_key collision",
};

static int is_report(const char *text)
{
	const char *rest = text + 9, *at;
	size_t i;

	for (i = 0; i < sizeof(report_starts) / sizeof(report_starts[0]); i++)
		if (!strncmp(text, report_starts[i], strlen(report_starts[i])))
			return 1;
	if (strncmp(text, "WARNING: ", 9))
		return 0;
	/* WARN() from 7.3 on: "WARNING: FILE:LINE at FUNCTION, CPU#0: comm/pid". */
	at = strstr(rest, " at ");
	if (at && memchr(rest, ':', at - rest) && !memchr(rest, ' ', at - rest))
		return 1;
	/* lockdep: "X-safe -> Y-unsafe lock order", "comm/pid still has locks held!" */
	return strstr(rest, "-safe -> ") || strstr(rest, " still has locks held!");
}

static int kmsg = -1;

/* The text of the next record of /dev/kmsg; NULL when none is left. */
static const char *kmsg_next(char *buf, size_t len)
{
	for (;;) {
		ssize_t got = read(kmsg, buf, len - 1);
		char *text;

		if (got < 0 && errno == EPIPE)	/* overwritten before it was read */
			continue;
		if (got <= 0)
			return NULL;
		buf[got] = '\0';
		text = strchr(buf, ';');
		if (!text)
			continue;
		text++;
		text[strcspn(text, "\n")] = '\0';
		return text;
	}
}

/*
 * Fails prog when the kernel log has a report since the last call, with
 * the report and what follows it (up to 80 lines) as diagnostics; with
 * clean_too, a clean log is a result of its own.
 */
static void check_kernel_log(struct tally *t, const char *prog, int clean_too)
{
	char buf[2048], first[600] = "", what[700];
	const char *text;
	int lines = 0;

	while (kmsg >= 0 && (text = kmsg_next(buf, sizeof(buf)))) {
		if (!first[0] && is_report(text))
			snprintf(first, sizeof(first), "%s", text);
		if (first[0] && lines++ < 80)
			say("# kernel: %s\n", text);
	}
	if (first[0]) {
		snprintf(what, sizeof(what), "the kernel reported: %s", first);
		result(t, "not ok", prog, what);
	} else if (clean_too) {
		result(t, kmsg >= 0 ? "ok" : "not ok", prog, kmsg >= 0 ?
		       "no warning, BUG, oops, KASAN or lockdep report in the kernel log" :
		       "cannot read /dev/kmsg");
	}
}

static pid_t spawn(const char *path, int out)
{
	pid_t pid = fork();

	if (pid == 0) {
		setpgid(0, 0);
		dup2(out, 1);
		dup2(out, 2);
		if (out > 2)
			close(out);
		execl(path, path, (char *)NULL);
		printf("# exec %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	return pid;
}

struct run {
	const char *prog;
	int expected;	/* its failures are expected (hugesize.xfail=) */
	int results, failed, xfailed, plan;
	struct tally *tally;
};

/* Forwards one line of a program's output, renumbering its results. */
static void forward_line(struct run *r, char *line)
{
	char *rest;
	size_t len;

	if (!strncmp(line, "ok ", 3) || !strncmp(line, "not ok ", 7)) {
		int fail = line[0] == 'n';

		rest = line + (fail ? 7 : 3);
		rest += strspn(rest, "0123456789");
		rest += strspn(rest, " -");
		len = strcspn(rest, "#");
		while (len && rest[len - 1] == ' ')
			len--;
		r->results++;
		if (fail && (r->expected || expected_result(r->prog, rest, len))) {
			char what[1024];

			snprintf(what, sizeof(what), "%.*s # TODO expected: this kernel lacks the series",
				 (int)len, rest);
			r->xfailed++;
			result(r->tally, "not ok", r->prog, what);
			return;
		}
		r->failed += fail;
		result(r->tally, fail ? "not ok" : "ok", r->prog, rest);
	} else if (!strncmp(line, "1..", 3)) {
		r->plan = atoi(line + 3);
	} else if (!strncmp(line, "TAP version", 11) || !strncmp(line, "KTAP version", 12)) {
		return;
	} else {
		say("%s%s\n", line[0] == '#' ? "" : "# ", line);
	}
}

/* Reads the program's output until it closes or the deadline passes. */
static int forward_output(struct run *r, int fd, time_t deadline)
{
	char buf[8192];
	size_t used = 0;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int left = (int)(deadline - time(NULL));
		ssize_t got;
		char *nl;

		if (left <= 0 || poll(&pfd, 1, left * 1000) == 0)
			return -1;
		got = read(fd, buf + used, sizeof(buf) - 1 - used);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		used += got;
		buf[used] = '\0';
		while ((nl = strchr(buf, '\n'))) {
			*nl = '\0';
			forward_line(r, buf);
			used -= nl + 1 - buf;
			memmove(buf, nl + 1, used + 1);
		}
		if (used == sizeof(buf) - 1) {	/* an overlong line: pass it on in pieces */
			forward_line(r, buf);
			used = 0;
		}
	}
	if (used)
		forward_line(r, buf);
	return 0;
}

static void run_test(const char *name, int timeout, struct tally *tally)
{
	struct run r = { .prog = name, .plan = -1, .tally = tally, .expected = expected_to_fail(name) };
	struct pools before, after;
	char path[512], what[1024], diff[2048];
	int pipefd[2], status = 0, timed_out;
	pid_t pid;

	snprintf(path, sizeof(path), TESTS_DIR "/%s", name);
	say("# running %s\n", name);
	read_pools(&before);
	if (pipe(pipefd)) {
		result(tally, "not ok", name, "pipe failed");
		return;
	}
	pid = spawn(path, pipefd[1]);
	close(pipefd[1]);
	timed_out = pid < 0 || forward_output(&r, pipefd[0], time(NULL) + timeout);
	if (timed_out && pid > 0)
		kill(-pid, SIGKILL);
	close(pipefd[0]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	while (waitpid(-pid, NULL, WNOHANG) > 0)
		;

	if (timed_out)
		snprintf(what, sizeof(what), "timed out after %d s", timeout);
	else if (WIFSIGNALED(status))
		snprintf(what, sizeof(what), "killed by signal %d", WTERMSIG(status));
	else
		snprintf(what, sizeof(what), "exit status %d", WEXITSTATUS(status));

	if (!r.results) {
		if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0)
			result(tally, "ok", name, "exit status 0");
		else if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == KSFT_SKIP)
			result(tally, "ok", name, "# SKIP exit status 4");
		else
			result(tally, "not ok", name, what);
	} else if (r.plan > r.results) {
		snprintf(diff, sizeof(diff), "stopped after %d of %d results (%s)",
			 r.results, r.plan, what);
		result(tally, "not ok", name, diff);
	} else if (!r.failed && !r.xfailed && (timed_out || WIFSIGNALED(status) ||
		   (WEXITSTATUS(status) && WEXITSTATUS(status) != KSFT_SKIP))) {
		result(tally, "not ok", name, what);
	}

	read_pools(&after);
	if (pools_differ(&before, &after, diff, sizeof(diff))) {
		snprintf(what, sizeof(what), "huge page pools back to baseline: %s", diff);
		result(tally, "not ok", name, what);
	} else {
		result(tally, "ok", name, "huge page pools back to baseline");
	}
	check_kernel_log(tally, name, 0);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void run_tests(void)
{
	struct tally tally = { 0 };
	struct dirent **list;
	char buf[64], after[256] = "";
	int i, n, timeout = test_timeout();
	FILE *resume = fopen("/etc/hugesize-resume", "r");

	if (resume) {
		if (fscanf(resume, "%255s %d", after, &tally.number) != 2)
			after[0] = '\0';
		fclose(resume);
	}
	if (!after[0])
		say("TAP version 13\n");
	say("# init: first test at %s s of uptime%s%s\n", uptime(buf, sizeof(buf)),
	    after[0] ? ", after " : "", after);
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	check_kernel_log(&tally, "boot", 1);
	n = scandir(TESTS_DIR, &list, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (list[i]->d_name[0] != '.' && strcmp(list[i]->d_name, after) > 0)
			run_test(list[i]->d_name, timeout, &tally);
		free(list[i]);
	}
	if (n < 0)
		result(&tally, "not ok", TESTS_DIR, strerror(errno));
	say("1..%d\n", tally.number);
	say("# Totals: pass:%d fail:%d skip:%d xfail:%d\n", tally.pass, tally.fail, tally.skip, tally.xfail);
}

static int run_command(const char *script, int interactive)
{
	int status = 0;
	pid_t pid = fork();

	if (pid == 0) {
		if (interactive) {
			setsid();
			ioctl(0, TIOCSCTTY, 1);
			execl("/bin/sh", "sh", "-l", (char *)NULL);
		} else {
			execl("/bin/sh", "sh", script, (char *)NULL);
		}
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return 127;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(void)
{
	mount_filesystems();
	setenv("PATH", "/bin", 1);
	/* Let every test size its segments by the pools, not by SHMMAX. */
	write_file("/proc/sys/kernel/shmmax", "18446744073692774399");
	write_file("/proc/sys/kernel/shmall", "18446744073692774399");

	if (!access("/etc/hugesize-shell", F_OK))
		run_command(NULL, 1);
	else if (!access("/etc/hugesize-cmd", F_OK))
		say("hugesize-init: command exited with status %d\n",
		    run_command("/etc/hugesize-cmd", 0));
	else
		run_tests();

	say("hugesize-init: done\n");
	sync();
	/*
	 * The tiny guest has no ACPI interpreter (no PCI), so there is no
	 * power-off; a restart under QEMU's -no-reboot ends QEMU just the same.
	 */
	reboot(RB_AUTOBOOT);
	return 0;
}
