// expect: OK
// Tries to attach to its parent with ptrace.
#include <stdio.h>
#include <sys/ptrace.h>
#include <unistd.h>
int main(void) {
	long r = ptrace(PTRACE_SEIZE, getppid(), 0, 0);
	printf("seize parent: %ld\n", r);
	if (r < 0) perror("ptrace");
	r = ptrace(PTRACE_ATTACH, 1, 0, 0);
	printf("attach 1: %ld\n", r);
	return 0;
}
