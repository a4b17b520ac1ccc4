/*
 * Wrong answer: joins each file's fragments onto the end of its first one, but when
 * it checks that the destination is free it also accepts the blocks of the fragment
 * being moved. A fragment that only needs to slide a little is then moved onto
 * itself: the source and destination overlap.
 */
#include <stdio.h>
#include <stdlib.h>

static int owner[32768]; /* file number + 1, 0 when free */

static int solve(int c) {
	char name[32];
	int blocks, files, f, j, b;
	FILE *in, *out;
	snprintf(name, sizeof name, "defrag%02d.in", c);
	in = fopen(name, "r");
	if (!in) return 1;
	snprintf(name, sizeof name, "defrag%02d.out", c);
	out = fopen(name, "w");
	if (!out || fscanf(in, "%d %d", &blocks, &files) != 2) return 1;
	int *count = calloc(files + 1, sizeof *count);
	int **start = calloc(files + 1, sizeof *start), **len = calloc(files + 1, sizeof *len);
	for (b = 0; b < blocks; b++) owner[b] = 0;
	for (f = 0; f < files; f++) {
		if (fscanf(in, "%d", &count[f]) != 1) return 1;
		start[f] = malloc(count[f] * sizeof(int));
		len[f] = malloc(count[f] * sizeof(int));
		for (j = 0; j < count[f]; j++) {
			if (fscanf(in, "%d,%d", &start[f][j], &len[f][j]) != 2) return 1;
			for (b = start[f][j]; b < start[f][j] + len[f][j]; b++) owner[b] = f + 1;
		}
	}
	for (f = 0; f < files; f++) {
		int end = start[f][0] + len[f][0];
		for (j = 1; j < count[f]; j++) {
			int s = start[f][j], l = len[f][j], ok = end + l <= blocks;
			for (b = end; ok && b < end + l; b++)
				if (owner[b] != 0 && !(b >= s && b < s + l)) ok = 0; /* the bug */
			if (!ok) break;
			fprintf(out, "%d,%d,%d\n", s, end, l);
			for (b = s; b < s + l; b++) owner[b] = 0;
			for (b = end; b < end + l; b++) owner[b] = f + 1;
			end += l;
		}
	}
	fclose(in);
	fclose(out);
	return 0;
}

int main(void) {
	int n, c;
	FILE *idx = fopen("defrag.in", "r");
	if (!idx || fscanf(idx, "%d", &n) != 1) return 1;
	fclose(idx);
	for (c = 1; c <= n; c++)
		if (solve(c)) return 1;
	return 0;
}
