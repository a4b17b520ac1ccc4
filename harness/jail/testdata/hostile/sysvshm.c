// expect: MLE
// rootless-expect: OK
// cpu: 3s
// rootless-want: shared memory refused
// Holds memory the program's own resident size does not show: 256 MiB in System V
// shared memory segments it fills and detaches, under a 128 MiB limit. A
// cgroup charges their pages to the run (MLE). A jail without cgroups, which
// watches only resident sizes, allows no segment.
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
int main(void) {
	int held = 0;
	for (int i = 0; i < 32; i++) {
		int id = shmget(IPC_PRIVATE, 8 << 20, IPC_CREAT | 0600);
		if (id < 0) {
			printf("shared memory refused (%s) after %d MiB\n", strerror(errno), held);
			return 0;
		}
		char *p = shmat(id, 0, 0);
		if (p == (void *)-1) {
			printf("shared memory refused (%s) after %d MiB\n", strerror(errno), held);
			return 0;
		}
		memset(p, 'x', 8 << 20);
		shmdt(p);
		held += 8;
	}
	printf("ESCAPED: held %d MiB in shared memory segments\n", held);
	return 0;
}
