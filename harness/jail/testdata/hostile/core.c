// expect: RTE
// want: RLIMIT_CORE 0
// Reports its core limit, then aborts: no core file may be written.
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
int main(void) {
	struct rlimit r;
	getrlimit(RLIMIT_CORE, &r);
	fprintf(stderr, "RLIMIT_CORE %llu\n", (unsigned long long)r.rlim_cur);
	abort();
}
