"""carol's Battleship best move in Python: every rule of the statement, including
the strings of hits and the shut runs."""
import sys

LENGTH = {"A": 5, "B": 4, "D": 3, "S": 3, "P": 2}
STEP = {"H": (0, 1), "V": (1, 0)}
OTHER = {"H": "V", "V": "H"}


def inside(r, c):
    return 0 <= r < 10 and 0 <= c < 10


def runs_of(grid):
    """Maps (cell, direction) to the maximal run of hits through the cell."""
    run_of = {}
    for d, (dr, dc) in STEP.items():
        for r in range(10):
            for c in range(10):
                if grid[r][c] != 2 or (inside(r - dr, c - dc) and grid[r - dr][c - dc] == 2):
                    continue
                run = []
                rr, cc = r, c
                while inside(rr, cc) and grid[rr][cc] == 2:
                    run.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                for cell in run:
                    run_of[(cell, d)] = tuple(run)
    return run_of


def ends(run, d):
    """The squares just beyond the two ends of a run laid in direction d."""
    dr, dc = STEP[d]
    (r0, c0), (r1, c1) = run[0], run[-1]
    return [(r0 - dr, c0 - dc), (r1 + dr, c1 + dc)]


def empty(grid, cell):
    return inside(*cell) and grid[cell[0]][cell[1]] == 0


def strings(grid):
    run_of = runs_of(grid)
    found = set()
    for (cell, d), run in run_of.items():
        cross = run_of[(cell, OTHER[d])]
        if len(run) == 1 and len(cross) == 1:
            found.add(((cell,), "HV"))
        elif len(run) >= 2 and run[0] == cell:
            if any(empty(grid, e) for e in ends(run, d)):
                found.add((run, d))
            else:  # shut: each hit across, if alone that way
                for hit in run:
                    if len(run_of[(hit, OTHER[d])]) == 1:
                        found.add(((hit,), OTHER[d]))
    return found


def placements(grid, ships):
    for ship in ships:
        n = LENGTH[ship]
        for d, (dr, dc) in STEP.items():
            for r in range(10):
                for c in range(10):
                    cells = [(r + i * dr, c + i * dc) for i in range(n)]
                    if all(inside(*x) and grid[x[0]][x[1]] in (0, 2) for x in cells):
                        yield d, set(cells)


def best_move(grid, ships):
    value = {}
    found = strings(grid)
    if not found:
        for _, cells in placements(grid, ships):
            for x in cells:
                if grid[x[0]][x[1]] == 0:
                    value[x] = value.get(x, 0) + 1
    else:
        longest = max(len(s) for s, _ in found)
        pursued = [(s, ds) for s, ds in found if len(s) == longest]
        targets = {}  # candidate square -> [(direction, string)]
        for s, ds in pursued:
            for d in ds:
                for e in ends(s, d):
                    if empty(grid, e):
                        targets.setdefault(e, []).append((d, s))
        for q in targets:
            value[q] = 0
        for d, cells in placements(grid, ships):
            for q, wants in targets.items():
                if q in cells and any(wd == d and all(h in cells for h in s) for wd, s in wants):
                    value[q] += 1
    best = max(value.values())
    squares = sorted(q for q, v in value.items() if v == best)
    return best, squares


def main():
    tokens = sys.stdin.read().split()
    pos = 0
    count = int(tokens[pos])
    pos += 1
    out = ["Analyzing %d data set(s)" % count]
    for k in range(1, count + 1):
        s = int(tokens[pos])
        ships = tokens[pos + 1:pos + 1 + s]
        pos += 1 + s
        grid = [[int(tokens[pos + r * 10 + c]) for c in range(10)] for r in range(10)]
        pos += 100
        best, squares = best_move(grid, ships)
        names = ", ".join("%s%d" % (chr(ord("A") + c), r + 1) for r, c in squares)
        out.append("Data Set %d" % k)
        out.append("Best Move Value: %d at %s" % (best, names))
    print("\n".join(out))


main()
