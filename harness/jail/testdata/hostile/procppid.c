// expect: OK
// Reads the parent's environ, mem, cwd and fds through /proc.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
	char p[256], buf[4096];
	const char *what[] = {"environ", "cmdline", "maps", "mem"};
	for (int i = 0; i < 4; i++) {
		snprintf(p, sizeof p, "/proc/%d/%s", getppid(), what[i]);
		int fd = open(p, O_RDONLY);
		if (fd < 0) { perror(p); continue; }
		ssize_t n = read(fd, buf, sizeof buf);
		if (n > 0) fwrite(buf, 1, n, stdout);
		close(fd);
	}
	const char *links[] = {"cwd", "root", "exe", "fd/0", "fd/3", "fd/4"};
	for (int i = 0; i < 6; i++) {
		snprintf(p, sizeof p, "/proc/%d/%s", getppid(), links[i]);
		ssize_t n = readlink(p, buf, sizeof buf - 1);
		if (n < 0) { perror(p); continue; }
		buf[n] = 0;
		printf("%s -> %s\n", p, buf);
	}
	return 0;
}
