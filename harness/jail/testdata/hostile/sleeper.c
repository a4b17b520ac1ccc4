// expect: TLE
// Sleeps: only the wall limit can end it.
#include <unistd.h>
int main(void) { sleep(60); return 0; }
