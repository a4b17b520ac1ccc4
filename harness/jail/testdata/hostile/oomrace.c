// expect: OK
// want: child oom_score_adj 1000
// Forks before main, as early as a program can, and reads the child's
// oom_score_adj. A child that kept the init's score could, at the memory
// limit, leave the init the kernel's first choice (a judge error instead of
// MLE): the program must carry the score from its first instruction.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static char seen[32] = "unread";
__attribute__((constructor)) static void early(void) {
	int p[2];
	if (pipe(p) != 0)
		return;
	pid_t pid = fork();
	if (pid == 0) {
		FILE *f = fopen("/proc/self/oom_score_adj", "r");
		char buf[32] = "none";
		if (f && fgets(buf, sizeof buf, f))
			fclose(f);
		write(p[1], buf, sizeof buf);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], seen, sizeof seen) <= 0)
		snprintf(seen, sizeof seen, "lost\n");
	waitpid(pid, NULL, 0);
}
int main(void) {
	printf("child oom_score_adj %s", seen);
	return 0;
}
