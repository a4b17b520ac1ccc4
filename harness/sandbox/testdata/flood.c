#include <stdio.h>
int main(void) { for (;;) fputs("all work and no play makes jack a dull boy\n", stdout); }
