/* frank: crashes. Fills only cells with a single candidate and assumes that is
 * always enough; when it gets stuck it follows a pointer to a guess it never made,
 * which kills it with SIGSEGV on every puzzle that needs a guess. */
#include <stdio.h>
#include <stdlib.h>

static int g[81], given[81];

static int candidates(int i) {
	int used = 0, r = i / 9, c = i % 9, br = r / 3 * 3, bc = c / 3 * 3;
	for (int k = 0; k < 9; k++) {
		used |= 1 << g[r * 9 + k];
		used |= 1 << g[k * 9 + c];
		used |= 1 << g[(br + k / 3) * 9 + bc + k % 3];
	}
	return 0x3fe & ~used;
}

static void show(const int *v) {
	for (int r = 0; r < 9; r++) {
		if (r == 3 || r == 6)
			putchar('\n');
		for (int c = 0; c < 9; c++) {
			if (c == 3 || c == 6)
				putchar(' ');
			putchar(v[r * 9 + c] ? '0' + v[r * 9 + c] : '-');
		}
		putchar('\n');
	}
}

int main(void) {
	int n = 0, ch;
	while (n < 81 && (ch = getchar()) != EOF) {
		if (ch == '-')
			given[n++] = 0;
		else if (ch >= '1' && ch <= '9')
			given[n++] = ch - '0';
	}
	for (int i = 0; i < 81; i++)
		g[i] = given[i];
	printf("The original puzzle:\n\n");
	show(given);
	putchar('\n');
	fflush(stdout);
	int *guess = NULL;
	for (;;) {
		int progress = 0, empty = 0;
		for (int i = 0; i < 81; i++) {
			if (g[i])
				continue;
			empty++;
			int m = candidates(i);
			if (m == 0) {
				printf("The puzzle is unsolvable.\n");
				return 0;
			}
			if ((m & (m - 1)) == 0) {
				for (int d = 1; d <= 9; d++)
					if (m == 1 << d)
						g[i] = d;
				progress = 1;
			}
		}
		if (!empty)
			break;
		if (!progress)
			g[*guess] = 1; /* the bug: there is no guess to take */
	}
	printf("Solution:\n\n");
	show(g);
	printf("\nThe puzzle was solved.\n");
	return 0;
}
