/* Writes through a null pointer before printing anything. Expected: RTE everywhere. */
#include <stdio.h>

int main(void)
{
    volatile int *cells = NULL;
    int ch = getchar();
    cells[0] = ch;
    printf("%d\n", cells[0]);
    return 0;
}
