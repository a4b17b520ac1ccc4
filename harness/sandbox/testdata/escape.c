/* Leaves processes behind: a setsid grandchild that ignores SIGTERM, a child in the
   same group and an orphan; prints their pids and exits. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(void) {
	pid_t a = fork();
	if (a == 0) {
		setsid();
		signal(SIGTERM, SIG_IGN);
		pid_t g = fork();
		if (g == 0) { for (;;) pause(); }
		printf("%d\n", g); fflush(stdout);
		for (;;) pause();
	}
	printf("%d\n", a); fflush(stdout);
	pid_t b = fork();
	if (b == 0) { for (;;) pause(); }
	printf("%d\n", b); fflush(stdout);
	usleep(100000);
	return 0;
}
