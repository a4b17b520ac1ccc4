// expect: compile error, output truncated at 1 MiB
// Hundreds of thousands of errors: the judge keeps only the first MiB.
#define A 1 = 2;
#define B A A A A A A A A A A
#define C B B B B B B B B B B
#define D C C C C C C C C C C
#define E D D D D D D D D D D
int main(void) { E E E E E E E E E E return 0; }
