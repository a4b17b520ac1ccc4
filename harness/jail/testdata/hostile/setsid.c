// expect: OK
// Leaves a setsid grandchild that ignores SIGTERM and sleeps past the run.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	if (fork() == 0) {
		setsid();
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		if (fork() == 0) { sleep(30); FILE *f = fopen("/tmp/jail-escape-marker", "w"); if (f) fputs("late", f); return 0; }
		return 0;
	}
	printf("parent leaves\n");
	return 0;
}
