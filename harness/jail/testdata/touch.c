/* touch: allocates and touches the number of MiB given as its argument. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
	long mib = argc > 1 ? atol(argv[1]) : 0;
	char *p = mib > 0 ? malloc(mib << 20) : NULL;
	if (p) memset(p, 1, mib << 20);
	printf("%ld\n", p ? (long)p[mib << 19] : 0L);
	return 0;
}
