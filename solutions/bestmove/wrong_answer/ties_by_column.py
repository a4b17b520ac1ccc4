"""A wrong bestmove solver: it counts like the rules say but lists tied squares
column by column (then by row) instead of row by row."""

import sys

LENGTHS = {"A": 5, "B": 4, "D": 3, "S": 3, "P": 2}
N = 10
EMPTY, MISS, HIT, SUNK = 0, 1, 2, 3
ACROSS, DOWN = 1, 2
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}


def at(grid, r, c):
    if 0 <= r < N and 0 <= c < N:
        return grid[r][c]
    return SUNK


def stretch(grid, r, c, d):
    dr, dc = STEP[d]
    while at(grid, r - dr, c - dc) == HIT:
        r, c = r - dr, c - dc
    cells = []
    x, y = r, c
    while at(grid, x, y) == HIT:
        cells.append((x, y))
        x, y = x + dr, y + dc
    shut = at(grid, r - dr, c - dc) != EMPTY and at(grid, x, y) != EMPTY
    return cells, shut


def strings(grid):
    found = []

    def keep(cells, dirs):
        if (cells, dirs) not in found:
            found.append((cells, dirs))

    for r in range(N):
        for c in range(N):
            if grid[r][c] != HIT:
                continue
            row, row_shut = stretch(grid, r, c, ACROSS)
            col, col_shut = stretch(grid, r, c, DOWN)
            if len(row) > 1 and not row_shut:
                keep(row, ACROSS)
            if len(col) > 1 and not col_shut:
                keep(col, DOWN)
            if len(row) == 1 and len(col) == 1:
                keep(row, ACROSS | DOWN)
            elif len(row) == 1 and len(col) > 1 and col_shut:
                keep(row, ACROSS)
            elif len(col) == 1 and len(row) > 1 and row_shut:
                keep(col, DOWN)
    if not found:
        return []
    longest = max(len(cells) for cells, _ in found)
    return [s for s in found if len(s[0]) == longest]


def ends(grid, cells, dirs):
    out = []
    for d in (ACROSS, DOWN):
        if dirs & d:
            dr, dc = STEP[d]
            for x, y in ((cells[0][0] - dr, cells[0][1] - dc), (cells[-1][0] + dr, cells[-1][1] + dc)):
                if at(grid, x, y) == EMPTY:
                    out.append((x, y))
    return out


def placements(grid, ships):
    for ship in ships:
        n = LENGTHS[ship]
        for d in (ACROSS, DOWN):
            dr, dc = STEP[d]
            for r in range(N - dr * (n - 1)):
                for c in range(N - dc * (n - 1)):
                    cells = [(r + k * dr, c + k * dc) for k in range(n)]
                    if all(grid[x][y] in (EMPTY, HIT) for x, y in cells):
                        yield d, frozenset(cells)


def best(ships, grid):
    values = {}
    strs = strings(grid)
    places = list(placements(grid, ships))
    if not any(HIT in row for row in grid):
        for r in range(N):
            for c in range(N):
                if grid[r][c] == EMPTY:
                    values[(r, c)] = 0
        for _, cells in places:
            for x in cells:
                values[x] += 1
    else:
        targets = [(cells, dirs, ends(grid, cells, dirs)) for cells, dirs in strs]
        for _, _, es in targets:
            for e in es:
                values[e] = sum(
                    1
                    for d, cells in places
                    if e in cells
                    and any(d & dirs and e in es2 and all(h in cells for h in hs) for hs, dirs, es2 in targets)
                )
    top = max(values.values(), default=0)
    # The flaw: ties ordered by column first, then by row.
    squares = sorted((c, r) for (r, c), v in values.items() if v == top)
    return top, ["%s%d" % (chr(ord("A") + c), r + 1) for c, r in squares]


def main():
    lines = sys.stdin.read().split("\n")
    pos = 0
    d = int(lines[pos])
    pos += 1
    out = ["Analyzing %d data set(s)" % d]
    for i in range(1, d + 1):
        pos += 1  # the ship count; the letters line says the same
        ships = lines[pos].split()
        pos += 1
        grid = [[int(v) for v in lines[pos + r].split()] for r in range(N)]
        pos += N
        top, squares = best(ships, grid)
        out.append("Data Set %d" % i)
        out.append("Best Move Value: %d at %s" % (top, ", ".join(squares)))
    sys.stdout.write("\n".join(out) + "\n")


main()
