#include <stdio.h>
/* Never flushes its guess, so both sides wait until the wall clock runs out. */
int main(void) {
	char r[32];
	printf("500\n");
	if (scanf("%31s", r) != 1) return 0;
	return 0;
}
