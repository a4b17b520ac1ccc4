#include <stdio.h>
int twice_half(int);
int main(void) {
	int n;
	if (scanf("%d", &n) != 1) return 1;
	printf("%d\n", twice_half(n));
	return 0;
}
