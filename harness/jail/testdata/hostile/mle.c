// expect: MLE
// cpu: 3s
// Touches 512 MiB under a 128 MiB limit.
#include <stdlib.h>
#include <string.h>
int main(void) {
	for (int i = 0; i < 512; i++) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, 1, 1 << 20); }
	return 0;
}
