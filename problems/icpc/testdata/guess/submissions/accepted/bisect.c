#include <stdio.h>
#include <string.h>
int main(void) {
	int lo = 1, hi = 1000;
	char r[32];
	for (;;) {
		int mid = (lo + hi) / 2;
		printf("%d\n", mid);
		fflush(stdout);
		if (scanf("%31s", r) != 1) return 0;
		if (!strcmp(r, "correct")) return 0;
		if (!strcmp(r, "lower")) hi = mid - 1; else lo = mid + 1;
	}
}
