/* Allocates 1 GiB and fills it, so the memory limit (256 MiB) is reached whatever
 * enforces it. The mapping is populated by the kernel as it is made (MAP_POPULATE):
 * one system call rather than 65 536 page faults, which on a virtual machine cost
 * about a second of CPU for 256 MiB and could end the run at the time limit first.
 * (Transparent huge pages were tried: their compaction took 0.03-0.8 s of CPU,
 * populating 0.05 s.) The writes after it go through a volatile pointer (a compiler
 * may drop a plain malloc + memset whose result it can predict) and fill whatever
 * the kernel did not populate. Expected: MLE everywhere. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/mman.h>

int main(void)
{
    size_t size = (size_t)1 << 30;
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (m == MAP_FAILED) {
        perror("hog: mmap of 1 GiB");
        return 3;
    }
    volatile char *p = m;
    for (size_t i = 0; i < size; i += 4096)
        p[i] = 1;
    printf("%d\n", p[size - 1]);
    return 0;
}
