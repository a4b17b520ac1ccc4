// expect: MLE
// rootless-expect: OK
// cpu: 3s
// rootless-want: memfd refused
// Holds memory the program's own resident size does not show: 256 MiB in memory
// files (memfd) it writes but never maps, under a 128 MiB limit. A cgroup
// charges their pages to the run (MLE). A jail without cgroups, which watches
// only resident sizes, refuses memory files instead.
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
	static char buf[1 << 20];
	memset(buf, 'x', sizeof buf);
	int held = 0;
	for (int i = 0; i < 32; i++) {
		int fd = memfd_create("hold", 0);
		if (fd < 0) {
			printf("memfd refused (%s) after %d MiB\n", strerror(errno), held);
			return 0;
		}
		for (int k = 0; k < 8; k++) {
			if (write(fd, buf, sizeof buf) != sizeof buf) {
				printf("memfd write failed (%s) after %d MiB\n", strerror(errno), held);
				return 0;
			}
			held++;
		}
	}
	printf("ESCAPED: held %d MiB in memory files\n", held);
	return 0;
}
