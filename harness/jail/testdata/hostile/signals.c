// expect: OK
// want: signals sent
// Sends every signal but SIGKILL and SIGSTOP to its parent (the jail's init)
// and to pid 1, then exits normally: the judge must still get the run's end.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	int ok = 0;
	for (int s = 1; s <= 64; s++) {
		if (s == SIGKILL || s == SIGSTOP) continue;
		if (kill(getppid(), s) == 0) ok++;
		if (kill(1, s) == 0) ok++;
	}
	usleep(100000);
	printf("signals sent (%d accepted)\n", ok);
	return 0;
}
