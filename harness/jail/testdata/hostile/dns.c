// expect: OK
// Asks the resolver for a public name.
#include <netdb.h>
#include <stdio.h>
int main(void) {
	struct addrinfo *res;
	int r = getaddrinfo("example.com", "80", 0, &res);
	printf("resolve: %s\n", r == 0 ? "ESCAPED-RESOLVED" : gai_strerror(r));
	return 0;
}
