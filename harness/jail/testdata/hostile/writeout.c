// expect: OK
// Writes markers everywhere it can: outside the work folder, /tmp, /usr, /.
#include <stdio.h>
static void put(const char *p) { FILE *f = fopen(p, "w"); if (!f) { perror(p); return; } fputs("escaped", f); fclose(f); printf("wrote %s\n", p); }
int main(void) {
	put("/tmp/jail-escape-marker");
	put("/jail-escape-marker");
	put("/usr/jail-escape-marker");
	put("/etc/jail-escape-marker");
	put("../jail-escape-marker");
	put("/dev/jail-escape-marker");
	put("/proc/jail-escape-marker");
	put("jail-escape-marker");
	return 0;
}
