/* Allocates 1 GiB and touches every page, so a memory limit must stop it. */
#include <stdlib.h>
int main(void) {
	size_t n = (size_t)1 << 30;
	volatile char *p = malloc(n);
	if (!p) return 3;
	for (size_t i = 0; i < n; i += 4096) p[i] = 1;
	return 0;
}
