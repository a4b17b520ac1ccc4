#include <cstdio>
int main() {
	int n;
	long long s = 0, x;
	if (std::scanf("%d", &n) != 1) return 1;
	while (n-- > 0 && std::scanf("%lld", &x) == 1) s += x;
	std::printf("%lld\n", s);
}
