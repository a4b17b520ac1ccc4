// expect: MLE
// cpu: 3s
// Writes -1 to its own memory limit, then takes 300 MiB under a 128 MiB limit.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
	FILE *f = fopen("/sys/fs/cgroup/memory/memory.limit_in_bytes", "w");
	if (f) { fputs("-1", f); fclose(f); }
	for (int i = 0; i < 300; i++) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, i, 1 << 20); }
	return 0;
}
