// expect: OLE
// Writes 8 MiB to standard output under a 1 MiB limit.
#include <stdio.h>
#include <string.h>
int main(void) {
	char buf[1 << 16];
	memset(buf, 'y', sizeof buf);
	for (int i = 0; i < 128; i++) fwrite(buf, 1, sizeof buf, stdout);
	return 0;
}
