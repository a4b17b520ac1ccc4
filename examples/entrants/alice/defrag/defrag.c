/* Disk defragmentation, the plain way: pack every file to the front of the disk,
 * file 1 first, each in its logical order. Target block t is filled in turn: if
 * something else sits there it is pushed, one block at a time, into any free block
 * further on; then the block that belongs at t is brought in, together with as many
 * of its followers as are free to come along in the same move. Always valid (the
 * problem promises a free block whenever there is work to do), but it moves files
 * that were fine already and can need tens of thousands of moves on a full disk. */
#include <stdio.h>
#include <stdlib.h>

static int blocks, used;
static int *tgt;   /* tgt[b]: target block of the data at block b, -1 if free */
static int *pos;   /* pos[t]: where the data that belongs at t is now */
static int *stack, top, cap;
static FILE *out;

static void move(int from, int to, int count) {
    for (int i = 0; i < count; i++) {
        tgt[to + i] = tgt[from + i];
        pos[tgt[to + i]] = to + i;
        tgt[from + i] = -1;
        if (top == cap) stack = realloc(stack, sizeof(int) * (cap *= 2));
        stack[top++] = from + i;
    }
    fprintf(out, "%d,%d,%d\n", from, to, count);
}

static void solve(FILE *in) {
    int files;
    if (fscanf(in, "%d %d", &blocks, &files) != 2) exit(1);
    tgt = malloc(sizeof(int) * blocks);
    pos = malloc(sizeof(int) * blocks);
    cap = blocks;
    stack = malloc(sizeof(int) * cap);
    for (int b = 0; b < blocks; b++) tgt[b] = -1;
    used = 0;
    int broken = 0;
    for (int f = 0; f < files; f++) {
        int k, start, len;
        if (fscanf(in, "%d", &k) != 1) exit(1);
        if (k > 1) broken = 1;
        for (int i = 0; i < k; i++) {
            if (fscanf(in, "%d,%d", &start, &len) != 2) exit(1);
            for (int j = 0; j < len; j++) {
                tgt[start + j] = used;
                pos[used++] = start + j;
            }
        }
    }
    if (!broken) return;   /* nothing to do: the empty answer */
    top = 0;
    for (int b = 0; b < blocks; b++)
        if (tgt[b] < 0) stack[top++] = b;
    for (int t = 0; t < used; t++) {
        int s = pos[t];
        if (s == t) continue;
        if (tgt[t] >= 0) {   /* make room: park the block at t */
            int f;
            do f = stack[--top]; while (f <= t || tgt[f] >= 0);
            move(t, f, 1);
        }
        s = pos[t];
        int k = 1;
        while (t + k < used && t + k < s && pos[t + k] == s + k && tgt[t + k] < 0) k++;
        move(s, t, k);
    }
    free(tgt); free(pos); free(stack);
}

int main(void) {
    FILE *f = fopen("defrag.in", "r");
    int cases;
    if (!f || fscanf(f, "%d", &cases) != 1) return 1;
    fclose(f);
    for (int c = 1; c <= cases; c++) {
        char name[32];
        sprintf(name, "defrag%02d.in", c);
        FILE *in = fopen(name, "r");
        if (!in) return 1;
        sprintf(name, "defrag%02d.out", c);
        out = fopen(name, "w");
        solve(in);
        fclose(in);
        fclose(out);
    }
    return 0;
}
