// expect: OK
// want: inherited descriptors: 0
// Lists the descriptors it was started with beyond 0, 1 and 2, and reads what
// it can through each. The test holds the data folder open, without
// close-on-exec, while it makes the jail, as a caller of the judge may hold
// any file: none of it may reach the program.
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	int n = 0;
	for (int fd = 3; fd < 4096; fd++) {
		if (fcntl(fd, F_GETFD) < 0)
			continue;
		n++;
		char path[64], target[512] = "";
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
		ssize_t len = readlink(path, target, sizeof target - 1);
		if (len > 0)
			target[len] = 0;
		printf("fd %d: %s\n", fd, target);
		int ans = openat(fd, "1.ans", O_RDONLY);
		char buf[256];
		ssize_t got = ans >= 0 ? read(ans, buf, sizeof buf - 1) : -1;
		if (got > 0) {
			buf[got] = 0;
			printf("ESCAPED through fd %d: %s\n", fd, buf);
		}
	}
	printf("inherited descriptors: %d\n", n);
	return 0;
}
