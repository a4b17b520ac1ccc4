// expect: OK
// Sends SIGKILL to its parent, then to every pid it can, then exits normally.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	printf("kill parent %d: %d\n", getppid(), kill(getppid(), SIGKILL));
	for (int pid = 2; pid < 4096; pid++) if (pid != getpid()) kill(pid, SIGKILL);
	printf("kill -1: %d\n", kill(-1, SIGKILL));
	return 0;
}
