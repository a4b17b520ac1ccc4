/* A correct backtracking solver with an off-by-one in its printing: the last cell of
 * the solution is printed one higher (9 wraps to 1). Expected: WA on every solvable
 * puzzle, AC on the unsolvable ones. */
#include <stdio.h>

static int g[81];

static int ok(int i, int v)
{
    int r = i / 9, c = i % 9, br = r / 3 * 3, bc = c / 3 * 3;
    for (int k = 0; k < 9; k++) {
        if (g[r * 9 + k] == v || g[k * 9 + c] == v)
            return 0;
        if (g[(br + k / 3) * 9 + bc + k % 3] == v)
            return 0;
    }
    return 1;
}

static int solve(void)
{
    int best = -1, bestn = 10;
    for (int i = 0; i < 81; i++) {
        if (g[i])
            continue;
        int n = 0;
        for (int v = 1; v <= 9; v++)
            n += ok(i, v);
        if (n < bestn) {
            best = i;
            bestn = n;
        }
    }
    if (best < 0)
        return 1;
    for (int v = 1; v <= 9; v++) {
        if (ok(best, v)) {
            g[best] = v;
            if (solve())
                return 1;
            g[best] = 0;
        }
    }
    return 0;
}

static void print(int last_off)
{
    for (int r = 0; r < 9; r++) {
        if (r && r % 3 == 0)
            putchar('\n');
        for (int c = 0; c < 9; c++) {
            int v = g[r * 9 + c];
            if (c && c % 3 == 0)
                putchar(' ');
            if (last_off && r == 8 && c == 8)
                v = v % 9 + 1;
            putchar(v ? '0' + v : '-');
        }
        putchar('\n');
    }
}

int main(void)
{
    int n = 0, ch;
    while (n < 81 && (ch = getchar()) != EOF) {
        if (ch == '-')
            g[n++] = 0;
        else if (ch >= '1' && ch <= '9')
            g[n++] = ch - '0';
    }
    printf("The original puzzle:\n\n");
    print(0);
    /* Givens that clash make the puzzle unsolvable. */
    int clash = 0;
    for (int i = 0; i < 81; i++) {
        int v = g[i];
        if (!v)
            continue;
        g[i] = 0;
        clash |= !ok(i, v);
        g[i] = v;
    }
    if (!clash && solve()) {
        printf("\nSolution:\n\n");
        print(1);
        printf("\nThe puzzle was solved.\n");
    } else {
        printf("\nThe puzzle is unsolvable.\n");
    }
    return 0;
}
