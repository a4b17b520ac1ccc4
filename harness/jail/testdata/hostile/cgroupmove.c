// expect: OK
// Tries to move itself to another cgroup and to lift its own memory limit.
#include <stdio.h>
static void put(const char *path, const char *v) {
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); return; }
	fputs(v, f);
	if (fclose(f) != 0) perror(path); else printf("wrote %s\n", path);
}
int main(void) {
	put("/sys/fs/cgroup/memory/cgroup.procs", "0");
	put("/sys/fs/cgroup/pids/cgroup.procs", "0");
	put("/sys/fs/cgroup/memory/memory.limit_in_bytes", "-1");
	put("/proc/self/cgroup", "0");
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[512];
	while (f && fgets(line, sizeof line, f)) fputs(line, stdout);
	return 0;
}
