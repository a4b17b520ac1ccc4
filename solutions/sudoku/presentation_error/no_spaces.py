"""Solves correctly but prints every grid as 9 bare lines, with neither the spaces
between the 3x3 squares nor the empty lines between bands.

Expected: PE everywhere (the echo is malformed even when the puzzle is unsolvable).
"""
import sys

ROW = [i // 9 for i in range(81)]
COL = [i % 9 for i in range(81)]
BOX = [i // 27 * 3 + i % 9 // 3 for i in range(81)]


def solve(g, rows, cols, boxes):
    best, best_free = -1, None
    for i in range(81):
        if g[i]:
            continue
        free = [v for v in range(1, 10) if not (rows[ROW[i]] | cols[COL[i]] | boxes[BOX[i]]) >> v & 1]
        if best_free is None or len(free) < len(best_free):
            best, best_free = i, free
            if len(free) <= 1:
                break
    if best < 0:
        return True
    r, c, b = ROW[best], COL[best], BOX[best]
    for v in best_free:
        bit = 1 << v
        g[best] = v
        rows[r] |= bit
        cols[c] |= bit
        boxes[b] |= bit
        if solve(g, rows, cols, boxes):
            return True
        rows[r] &= ~bit
        cols[c] &= ~bit
        boxes[b] &= ~bit
    g[best] = 0
    return False


def show(g):
    return "\n".join("".join(str(v) if v else "-" for v in g[9 * r : 9 * r + 9]) for r in range(9))


def main():
    cells = [ch for ch in sys.stdin.read() if ch == "-" or ch.isdigit()][:81]
    g = [0 if ch == "-" else int(ch) for ch in cells]
    print("The original puzzle:\n")
    print(show(g))
    print()
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    ok = True
    for i, v in enumerate(g):
        if v:
            bit = 1 << v
            if (rows[ROW[i]] | cols[COL[i]] | boxes[BOX[i]]) & bit:
                ok = False
            rows[ROW[i]] |= bit
            cols[COL[i]] |= bit
            boxes[BOX[i]] |= bit
    if ok and solve(g, rows, cols, boxes):
        print("Solution:\n")
        print(show(g))
        print("\nThe puzzle was solved.")
    else:
        print("The puzzle is unsolvable.")


main()
