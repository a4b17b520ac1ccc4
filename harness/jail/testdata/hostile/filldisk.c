// expect: OK
// Fills the work folder and /tmp with 512 KiB files
// until the quota refuses, then reports the sizes.
#include <stdio.h>
#include <string.h>
static long fill(const char *dir) {
	static char buf[1 << 16];
	long total = 0;
	memset(buf, 'x', sizeof buf);
	for (int i = 0; i < 4096; i++) {
		char p[256];
		snprintf(p, sizeof p, "%s/fill%d", dir, i);
		FILE *f = fopen(p, "w");
		if (!f) break;
		size_t n;
		int full = 0;
		while ((n = fwrite(buf, 1, sizeof buf, f)) == sizeof buf) { total += n; if (total % (512 << 10) == 0) break; }
		if (n < sizeof buf) { total += n; full = 1; }
		if (fclose(f) != 0) full = 1;
		if (full) break;
	}
	return total;
}
int main(void) { fprintf(stderr, "work %ld\ntmp %ld\n", fill("."), fill("/tmp")); return 0; }
