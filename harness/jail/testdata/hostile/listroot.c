// expect: OK
// Lists /root and / and prints the names.
#include <dirent.h>
#include <stdio.h>
static void list(const char *d) {
	DIR *dir = opendir(d);
	struct dirent *e;
	if (!dir) { perror(d); return; }
	while ((e = readdir(dir))) printf("%s/%s\n", d, e->d_name);
	closedir(dir);
}
int main(void) { list("/root"); list("/"); list("/home"); list("/work"); return 0; }
