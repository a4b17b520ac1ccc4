// expect: OK
// Stops its parent with SIGSTOP and exits: the judge must not hang.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	printf("stop parent: %d\n", kill(getppid(), SIGSTOP));
	printf("stop pid 1: %d\n", kill(1, SIGSTOP));
	return 0;
}
