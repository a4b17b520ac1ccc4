#include <stdio.h>
int main(void) {
	long long n;
	if (scanf("%lld", &n) != 1) return 1;
	printf("%lld %lld\n", n / 2, n - n / 2);
	return 0;
}
