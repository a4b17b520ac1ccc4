/* Allocates 1 GiB and writes to every page of it, so the memory limit (256 MiB) is
 * reached whatever enforces it. The writes go through a volatile pointer: a compiler
 * may drop a plain malloc + memset whose result it can predict. Expected: MLE
 * everywhere. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    size_t size = (size_t)1 << 30;
    volatile char *p = malloc(size);
    if (p == NULL) {
        fprintf(stderr, "hog: malloc of 1 GiB failed\n");
        return 3;
    }
    for (size_t i = 0; i < size; i += 4096)
        p[i] = 1;
    printf("%d\n", p[size - 1]);
    return 0;
}
