// expect: OK
// want: NoNewPrivs:	1
// want: CapEff:	0000000000000000
// want: host jail
// Prints its uid, capabilities, no_new_privs and host name.
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
	char line[256], host[64];
	printf("uid %d gid %d pid %d ppid %d\n", getuid(), getgid(), getpid(), getppid());
	FILE *f = fopen("/proc/self/status", "r");
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, "Cap", 3) || !strncmp(line, "NoNewPrivs", 10) || !strncmp(line, "Uid", 3)) fputs(line, stdout);
	gethostname(host, sizeof host);
	printf("host %s\n", host);
	return 0;
}
