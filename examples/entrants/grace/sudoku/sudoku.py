"""grace: right but slow, in Python. After every digit it places it re-checks the
whole grid for repeats, so easy puzzles pass and hard ones run out of time."""
import sys


def units():
    for k in range(9):
        yield [k * 9 + c for c in range(9)]
        yield [r * 9 + k for r in range(9)]
        br, bc = k // 3 * 3, k % 3 * 3
        yield [(br + d // 3) * 9 + bc + d % 3 for d in range(9)]


UNITS = list(units())


def valid(g):
    for u in UNITS:
        seen = [v for v in (g[i] for i in u) if v]
        if len(seen) != len(set(seen)):
            return False
    return True


def solve(g):
    if 0 not in g:
        return True
    i = g.index(0)
    for d in range(1, 10):
        g[i] = d
        if valid(g) and solve(g):
            return True
    g[i] = 0
    return False


def show(g):
    rows = []
    for r in range(9):
        if r in (3, 6):
            rows.append("")
        s = "".join(str(v) if v else "-" for v in g[r * 9:r * 9 + 9])
        rows.append(s[:3] + " " + s[3:6] + " " + s[6:])
    return "\n".join(rows)


cells = [0 if ch == "-" else int(ch) for ch in sys.stdin.read() if ch == "-" or "1" <= ch <= "9"][:81]
print("The original puzzle:\n")
print(show(cells) + "\n")
grid = list(cells)
if valid(grid) and solve(grid):
    print("Solution:\n")
    print(show(grid) + "\n")
    print("The puzzle was solved.")
else:
    print("The puzzle is unsolvable.")
