// expect: OK
// want: int80 denied
// want: clone denied
// Asks for a new user namespace through the 32-bit system call gate (int 0x80),
// where the numbers differ, and through clone with CLONE_NEWUSER. A kernel
// without the 32-bit gate answers int 0x80 with SIGSEGV.
#define _GNU_SOURCE
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
static sigjmp_buf back;
static void segv(int s) { (void)s; siglongjmp(back, 1); }
int main(void) {
#if defined(__x86_64__)
	signal(SIGSEGV, segv);
	if (sigsetjmp(back, 1) == 0) {
		long r;
		__asm__ volatile("int $0x80" : "=a"(r) : "a"(310), "b"(CLONE_NEWUSER) : "memory");
		printf(r == 0 ? "ESCAPED: 32-bit unshare\n" : "int80 denied %ld\n", r);
	} else {
		printf("int80 denied (no 32-bit gate)\n");
	}
	signal(SIGSEGV, SIG_DFL);
#else
	printf("int80 denied (not x86)\n");
#endif
	fflush(stdout);
	long c = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
	if (c == 0) _exit(0);
	printf(c > 0 ? "ESCAPED: clone(CLONE_NEWUSER)\n" : "clone denied\n");
	return 0;
}
