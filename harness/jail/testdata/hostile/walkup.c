// expect: OK
// Walks up from the working folder and prints every file it can read there.
#include <dirent.h>
#include <stdio.h>
#include <string.h>
int main(void) {
	char path[4096] = ".";
	for (int up = 0; up < 8; up++) {
		DIR *d = opendir(path);
		struct dirent *e;
		if (d) {
			while ((e = readdir(d))) {
				char f[8192];
				snprintf(f, sizeof f, "%s/%s", path, e->d_name);
				printf("%s\n", f);
				FILE *fp = fopen(f, "r");
				if (fp) { char buf[256]; size_t n = fread(buf, 1, sizeof buf - 1, fp); buf[n] = 0; printf("%s\n", buf); fclose(fp); }
			}
			closedir(d);
		}
		strcat(path, "/..");
	}
	return 0;
}
