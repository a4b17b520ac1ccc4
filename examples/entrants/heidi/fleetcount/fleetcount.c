/* Counting fleets by brute force: put ship 1 in each of its positions, then ship 2
 * in each position the rule still allows, and so on; every complete placement that
 * covers all the hits is counted, and so is every cell it covers. Exact while the
 * numbers fit in 64 bits, but it visits the placements one by one, so a board with
 * billions of them runs out of time long before it runs out of bits. */
#include <stdio.h>
#include <string.h>

enum { MAXC = 30 * 30 };

static int R, C, k, len[10], shot[MAXC], rule;    /* rule: 0 touch, 1 noside, 2 nocontact */
static int forbid[MAXC];          /* > 0: no other ship may use this cell */
static int ship[MAXC];            /* > 0: a ship covers this cell */
static int hits, hitsCovered, cellsLeft, hitAt[MAXC];
static int cells[MAXC], used;     /* the cells of the ships placed so far */
static unsigned long long total, covered[MAXC];

/* mark adds d to forbid on the cells of a ship and the cells the rule keeps clear. */
static void mark(int r, int c, int l, int down, int d) {
    for (int i = 0; i < l; i++) {
        int y = down ? r + i : r, x = down ? c : c + i;
        ship[y * C + x] += d;
        if (shot[y * C + x] == 2) hitsCovered += d;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int ny = y + dy, nx = x + dx;
                if (ny < 0 || ny >= R || nx < 0 || nx >= C) continue;
                if (dy != 0 && dx != 0 && rule < 2) continue;
                if ((dy != 0 || dx != 0) && rule < 1) continue;
                forbid[ny * C + nx] += d;
            }
    }
}

static int fits(int r, int c, int l, int down) {
    if ((down ? r : c) + l > (down ? R : C)) return 0;
    for (int i = 0; i < l; i++) {
        int p = down ? (r + i) * C + c : r * C + c + i;
        if (shot[p] == 1 || forbid[p]) return 0;
    }
    return 1;
}

static void place(int s) {
    if (hits - hitsCovered > cellsLeft) return;   /* the hits left need more ships */
    for (int i = 0; i < hits; i++)                /* a hit no ship can reach any more */
        if (!ship[hitAt[i]] && forbid[hitAt[i]]) return;
    if (s == k) {
        total++;
        for (int i = 0; i < used; i++) covered[cells[i]]++;
        return;
    }
    cellsLeft -= len[s];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            for (int down = 0; down <= (len[s] > 1); down++) {
                if (!fits(r, c, len[s], down)) continue;
                mark(r, c, len[s], down, 1);
                for (int i = 0; i < len[s]; i++)
                    cells[used++] = down ? (r + i) * C + c : r * C + c + i;
                place(s + 1);
                used -= len[s];
                mark(r, c, len[s], down, -1);
            }
    cellsLeft += len[s];
}

int main(void) {
    char word[16];
    if (scanf("%d %d %15s %d", &R, &C, word, &k) != 4) return 1;
    rule = strcmp(word, "touch") == 0 ? 0 : strcmp(word, "noside") == 0 ? 1 : 2;
    for (int i = 0; i < k; i++) {
        scanf("%d", &len[i]);
        cellsLeft += len[i];
    }
    for (int p = 0; p < R * C; p++) {
        scanf("%d", &shot[p]);
        if (shot[p] == 2) hitAt[hits++] = p;
    }
    place(0);
    printf("%llu\n", total);
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            printf("%llu%c", covered[r * C + c], c == C - 1 ? '\n' : ' ');
    return 0;
}
