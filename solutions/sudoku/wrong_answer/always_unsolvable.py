"""Gives up on every puzzle: echoes it and declares it unsolvable.

Expected: WA on every solvable puzzle (declared unsolvable), AC on the unsolvable ones.
"""
import sys

cells = [ch for ch in sys.stdin.read() if ch == "-" or ch.isdigit()][:81]


def show(grid):
    rows = []
    for r in range(9):
        if r and r % 3 == 0:
            rows.append("")
        row = grid[9 * r : 9 * r + 9]
        rows.append(" ".join("".join(row[c : c + 3]) for c in (0, 3, 6)))
    return "\n".join(rows)


print("The original puzzle:\n")
print(show(cells))
print("\nThe puzzle is unsolvable.")
