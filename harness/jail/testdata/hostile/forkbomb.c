// expect: TLE|MLE
// A fork bomb: the pids limit holds it, a time limit ends it, nothing survives.
// Each fork that the pids limit refuses, and each process that dies, leaves
// kernel memory charged to the run until the kernel frees it a moment later; on
// a loaded machine that moment grows, and the run can reach its 128 MiB before
// its CPU limit (seen once: MLE at 128 MiB and 478 ms of CPU).
#include <unistd.h>
int main(void) { for (;;) fork(); }
