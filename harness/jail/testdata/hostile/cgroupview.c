// expect: OK
// want: cgroups: all /
// Reads /proc/self/cgroup: every hierarchy must show the program at its root,
// "/", in every kind of jail. Without a cgroup namespace it showed where the
// judge's groups lie on the host (a container's path, the judge's pid).
#include <stdio.h>
#include <string.h>
int main(void) {
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[512];
	int bad = 0;
	if (!f) return 1;
	while (fgets(line, sizeof line, f)) {
		char *path = strchr(line, ':');
		if (path) path = strchr(path + 1, ':');
		if (!path || strcmp(path + 1, "/\n") != 0) {
			fputs(line, stdout);
			bad = 1;
		}
	}
	if (!bad) puts("cgroups: all /");
	return 0;
}
