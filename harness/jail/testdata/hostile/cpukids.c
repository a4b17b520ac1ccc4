// expect: TLE
// Two children burn CPU while the parent waits: their time must count.
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
	for (int i = 0; i < 2; i++) if (fork() == 0) { volatile unsigned long x = 0; for (;;) x++; }
	while (wait(0) > 0) {}
	return 0;
}
