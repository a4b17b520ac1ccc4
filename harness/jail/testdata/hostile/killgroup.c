// expect: OK
// want: group signalled
// Sends SIGTERM, SIGHUP, SIGINT and SIGQUIT to its own process group (which it
// ignores itself). If the jail left it in the judge's process group, the judge
// would get them: a program of the judge's uid (a jail without cgroups) could
// end it that way, or stop it with SIGSTOP.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	int sigs[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
	int ok = 0;
	for (int i = 0; i < 4; i++) {
		signal(sigs[i], SIG_IGN);
		if (kill(0, sigs[i]) == 0) ok++;
	}
	usleep(200000);
	printf("group signalled (%d accepted)\n", ok);
	return 0;
}
