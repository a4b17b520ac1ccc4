/* Writes exactly 1 MiB, the output limit of the tests, and exits 0. */
#include <string.h>
#include <unistd.h>
int main(void) {
	static char buf[1 << 16];
	memset(buf, 'x', sizeof buf);
	for (int i = 0; i < 16; i++) {
		if (write(1, buf, sizeof buf) != sizeof buf) return 1;
	}
	return 0;
}
