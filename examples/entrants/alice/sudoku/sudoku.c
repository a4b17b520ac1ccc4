/* alice: a right answer in C. Backtracking over bit masks, always filling the
 * empty cell with the fewest candidates first. */
#include <stdio.h>

static int grid[81], given[81];
static int rows[9], cols[9], boxes[9];

#define BOX(i) ((i) / 27 * 3 + (i) % 9 / 3)

static void print_grid(const int *g) {
	for (int r = 0; r < 9; r++) {
		if (r == 3 || r == 6)
			putchar('\n');
		for (int c = 0; c < 9; c++) {
			if (c == 3 || c == 6)
				putchar(' ');
			int v = g[r * 9 + c];
			putchar(v ? '0' + v : '-');
		}
		putchar('\n');
	}
}

static int count_bits(int m) {
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

static int solve(void) {
	int best = -1, best_n = 10, best_mask = 0;
	for (int i = 0; i < 81; i++) {
		if (grid[i])
			continue;
		int mask = 0x3fe & ~(rows[i / 9] | cols[i % 9] | boxes[BOX(i)]);
		int n = count_bits(mask);
		if (n < best_n) {
			best = i, best_n = n, best_mask = mask;
			if (n == 0)
				return 0;
		}
	}
	if (best < 0)
		return 1;
	for (int d = 1; d <= 9; d++) {
		int bit = 1 << d;
		if (!(best_mask & bit))
			continue;
		grid[best] = d;
		rows[best / 9] |= bit, cols[best % 9] |= bit, boxes[BOX(best)] |= bit;
		if (solve())
			return 1;
		rows[best / 9] &= ~bit, cols[best % 9] &= ~bit, boxes[BOX(best)] &= ~bit;
		grid[best] = 0;
	}
	return 0;
}

int main(void) {
	int n = 0, ch, ok = 1;
	while (n < 81 && (ch = getchar()) != EOF) {
		if (ch == '-')
			given[n++] = 0;
		else if (ch >= '1' && ch <= '9')
			given[n++] = ch - '0';
	}
	for (int i = 0; i < 81; i++) {
		grid[i] = given[i];
		if (!grid[i])
			continue;
		int bit = 1 << grid[i];
		if ((rows[i / 9] | cols[i % 9] | boxes[BOX(i)]) & bit)
			ok = 0; /* two equal givens in a row, column or box */
		rows[i / 9] |= bit, cols[i % 9] |= bit, boxes[BOX(i)] |= bit;
	}
	printf("The original puzzle:\n\n");
	print_grid(given);
	putchar('\n');
	if (ok && solve()) {
		printf("Solution:\n\n");
		print_grid(grid);
		printf("\nThe puzzle was solved.\n");
	} else {
		printf("The puzzle is unsolvable.\n");
	}
	return 0;
}
