/* Prints the first row of a puzzle forever. Expected: OLE everywhere (1 MiB limit). */
#include <stdio.h>

int main(void)
{
    for (;;)
        fputs("1-- 489 --6\n", stdout);
}
