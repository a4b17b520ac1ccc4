// expect: TLE
// A fork bomb: the pids limit holds it, the wall limit ends it, nothing survives.
#include <unistd.h>
int main(void) { for (;;) fork(); }
