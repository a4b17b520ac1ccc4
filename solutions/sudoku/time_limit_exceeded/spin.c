/* Never reads its input and never stops: an endless loop. Expected: TLE everywhere. */
int main(void)
{
    volatile unsigned long n = 0;
    for (;;)
        n++;
}
