// expect: RTE
// Dereferences a null pointer.
int main(void) { volatile int *p = 0; return *p; }
