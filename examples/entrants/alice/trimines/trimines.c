/* alice's TriMineSweeper player in C. It plays the named cell, then repeats two
 * rules around every played number: when its bombs are all marked the other
 * unknown neighbours are safe, and when its unknown neighbours are exactly its
 * missing bombs they are all bombs. When neither rule applies it guesses the
 * unknown cell whose worst neighbouring number gives it the lowest bomb odds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { UNKNOWN = -1, MARKED = -2 };

static int n, bombs, left_bombs, unknown_cells;
static int *state; /* UNKNOWN, MARKED or the played number */
static int *queue, qhead, qtail, *queued;

static int neighbours(int r, int c, int out[12]) {
	int k = 0, down = (r + c) % 2 == 1;
	for (int dr = -1; dr <= 1; dr++) {
		int lo, hi;
		if (dr == 0)
			lo = -2, hi = 2;
		else if ((dr == -1) == down)
			lo = -2, hi = 2; /* the flat edge's side spans five */
		else
			lo = -1, hi = 1;
		for (int dc = lo; dc <= hi; dc++) {
			int rr = r + dr, cc = c + dc;
			if ((dr == 0 && dc == 0) || rr < 0 || cc < 0 || rr >= n || cc >= n)
				continue;
			out[k++] = rr * n + cc;
		}
	}
	return k;
}

static void push(int i) {
	if (state[i] >= 0 && !queued[i]) {
		queued[i] = 1;
		queue[qtail++ % (n * n)] = i;
	}
}

/* move sends one move and records the answer; it exits when the game is over. */
static void move(char kind, int i) {
	char line[32];
	printf("%c %d %d\n", kind, i / n, i % n);
	fflush(stdout);
	if (!fgets(line, sizeof line, stdin) || !strncmp(line, "WIN", 3) || !strncmp(line, "LOSE", 4))
		exit(0);
	unknown_cells--;
	if (kind == 'M') {
		state[i] = MARKED;
		left_bombs--;
	} else {
		state[i] = atoi(line);
	}
	int nb[12], k = neighbours(i / n, i % n, nb);
	push(i);
	for (int j = 0; j < k; j++)
		push(nb[j]);
}

static int deduce(void) {
	int moved = 0;
	while (qhead != qtail) {
		int i = queue[qhead++ % (n * n)];
		queued[i] = 0;
		int nb[12], k = neighbours(i / n, i % n, nb), unk = 0, marked = 0;
		for (int j = 0; j < k; j++) {
			unk += state[nb[j]] == UNKNOWN;
			marked += state[nb[j]] == MARKED;
		}
		if (unk == 0)
			continue;
		if (state[i] == marked || state[i] - marked == unk) {
			char kind = state[i] == marked ? 'P' : 'M';
			for (int j = 0; j < k; j++)
				if (state[nb[j]] == UNKNOWN) {
					move(kind, nb[j]);
					moved = 1;
				}
		}
	}
	return moved;
}

static void guess(void) {
	double density = (double)left_bombs / unknown_cells, best = 2;
	int pick = -1;
	for (int i = 0; i < n * n; i++) {
		if (state[i] != UNKNOWN)
			continue;
		double p = -1; /* the highest odds any played neighbour gives */
		int nb[12], k = neighbours(i / n, i % n, nb);
		for (int j = 0; j < k; j++) {
			int h = nb[j];
			if (state[h] < 0)
				continue;
			int hk[12], m = neighbours(h / n, h % n, hk), unk = 0, marked = 0;
			for (int t = 0; t < m; t++) {
				unk += state[hk[t]] == UNKNOWN;
				marked += state[hk[t]] == MARKED;
			}
			double q = (double)(state[h] - marked) / unk;
			if (q > p)
				p = q;
		}
		if (p < 0)
			p = density;
		if (p < best)
			best = p, pick = i;
	}
	move(left_bombs == unknown_cells ? 'M' : 'P', pick);
}

int main(void) {
	int r0, c0;
	if (scanf("%d %d %d %d", &n, &bombs, &r0, &c0) != 4)
		return 1;
	getchar();
	state = malloc(sizeof *state * n * n);
	queue = malloc(sizeof *queue * n * n);
	queued = calloc(n * n, sizeof *queued);
	for (int i = 0; i < n * n; i++)
		state[i] = UNKNOWN;
	left_bombs = bombs, unknown_cells = n * n;
	move('P', r0 * n + c0);
	for (;;)
		if (!deduce())
			guess();
}
