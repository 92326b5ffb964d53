/* SPDX-License-Identifier: MIT */
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool.h"

int become(int uid)
{
	if (uid != TOOL_AS_IS && (setgroups(0, NULL) || setgid(uid) || setuid(uid)))
		return -1;
	return 0;
}

int tool_run(char *out, size_t len, int uid, const char *const *args)
{
	const char *argv[16] = { TOOL_PATH };
	int fds[2], status, i;
	size_t used = 0;
	ssize_t n;
	pid_t pid;

	for (i = 0; args[i] && i < 14; i++)
		argv[i + 1] = args[i];
	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		if (become(uid))
			_exit(126);
		execv(TOOL_PATH, (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	/* Read to the end, what does not fit too, so the tool never blocks. */
	while (pid > 0) {
		char spill[256];

		if (used < len - 1)
			n = read(fds[0], out + used, len - 1 - used);
		else
			n = read(fds[0], spill, sizeof(spill));
		if (n <= 0)
			break;
		if (used < len - 1)
			used += (size_t)n;
	}
	out[used] = '\0';
	close(fds[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}
