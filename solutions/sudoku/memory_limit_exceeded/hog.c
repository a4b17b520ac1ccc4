/* Allocates 1 GiB and writes to every page of it, so the memory limit (256 MiB) is
 * reached whatever enforces it. The writes go through a volatile pointer (a compiler
 * may drop a plain malloc + memset whose result it can predict), and the region asks
 * for transparent huge pages, so the limit is reached after a few hundred page faults
 * rather than 65 536 even on a loaded machine. Expected: MLE everywhere. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/mman.h>

int main(void)
{
    size_t size = (size_t)1 << 30;
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        perror("hog: mmap of 1 GiB");
        return 3;
    }
    madvise(m, size, MADV_HUGEPAGE); /* a hint: without huge pages, 4 KiB pages do */
    volatile char *p = m;
    for (size_t i = 0; i < size; i += 4096)
        p[i] = 1;
    printf("%d\n", p[size - 1]);
    return 0;
}
