// expect: OK
// cpu: 3s
// Touching 64 MiB of stack costs some 0.45 s of CPU in page faults here; the
// roomy limit keeps a busy machine from turning it into TLE.
// Recurses 64 MiB deep: the stack may grow up to the memory limit.
#include <stdio.h>
static int down(int n) { volatile char pad[1024]; pad[0] = (char)n; return n == 0 ? pad[0] : down(n - 1) + pad[0]; }
int main(void) { printf("%d\n", down(64 * 1024)); return 0; }
