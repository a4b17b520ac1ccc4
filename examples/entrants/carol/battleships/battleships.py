"""Battleships: every place a ship of each length could go is listed once, with the
revealed cells already taken into account; then the ships are placed longest first
by backtracking. A place is usable while none of its cells is taken or next to a
ship (corners included) and the row and column counts still have room; after each
placement every row and column must keep enough open cells for its count and at
least as many parts as it has revealed parts still uncovered.
"""
import sys

SHIP = set("O<>^v+X")


def main():
    lines = sys.stdin.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    fleet = []
    for entry in lines[0].split()[1:]:
        length, count = map(int, entry.split("x"))
        fleet += [length] * count
    m = len(lines[1]) // 2
    rows = [l for l in lines[2:] if l.startswith("|")]
    n = len(rows)
    hint = [[row[1 + 2 * j] for j in range(m)] for row in rows]
    row_left = [int(row[2 * m + 1:]) for row in rows]
    col_left = list(map(int, lines[n + 3].split()))

    def parts(length, down):
        if length == 1:
            return "O"
        return ("^" + "+" * (length - 2) + "v") if down else ("<" + "+" * (length - 2) + ">")

    # Every place for each length: (cells, symbols, cells around it).
    places = {}
    for length in set(fleet):
        found = []
        for down in ((False, True) if length > 1 else (False,)):
            for r in range(n - (length - 1 if down else 0)):
                for c in range(m - (0 if down else length - 1)):
                    cells = [(r + i, c) if down else (r, c + i) for i in range(length)]
                    syms = parts(length, down)
                    if any(hint[y][x] not in (" ", "X", s) for (y, x), s in zip(cells, syms)):
                        continue
                    ring = {(y + dy, x + dx) for y, x in cells for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                            if 0 <= y + dy < n and 0 <= x + dx < m} - set(cells)
                    if any(hint[y][x] in SHIP for y, x in ring):
                        continue
                    found.append((cells, syms, ring))
        places[length] = found

    blocked = [[0] * m for _ in range(n)]
    grid = [["."] * m for _ in range(n)]
    hinted = [(y, x) for y in range(n) for x in range(m) if hint[y][x] in SHIP]

    def is_open(y, x):
        return blocked[y][x] == 0 and hint[y][x] != "."

    def possible():
        col_room, col_hints = [0] * m, [0] * m
        for y in range(n):
            room = 0
            for x in range(m):
                if is_open(y, x):
                    room += 1
                    col_room[x] += 1
            if room < row_left[y]:
                return False
        row_hints = [0] * n
        for y, x in hinted:
            if grid[y][x] == ".":
                if not is_open(y, x):
                    return False
                row_hints[y] += 1
                col_hints[x] += 1
        return all(row_hints[y] <= row_left[y] for y in range(n)) and \
            all(col_hints[x] <= col_left[x] <= col_room[x] for x in range(m))

    def put(place, d):
        cells, syms, ring = place
        for (y, x), s in zip(cells, syms):
            blocked[y][x] += d
            row_left[y] -= d
            col_left[x] -= d
            grid[y][x] = s if d > 0 else "."
        for y, x in ring:
            blocked[y][x] += d

    def solve(k, start):
        if k == len(fleet):
            return possible()
        length = fleet[k]
        if k == 0 or fleet[k - 1] != length:
            start = 0
        options = places[length]
        for i in range(start, len(options)):
            cells = options[i][0]
            if not all(is_open(y, x) and row_left[y] > 0 and col_left[x] > 0 for y, x in cells):
                continue
            y, x = cells[0]
            if (cells[-1][0] == y and row_left[y] < length) or (cells[-1][0] != y and col_left[x] < length):
                continue
            put(options[i], 1)
            if possible() and solve(k + 1, i + 1):
                return True
            put(options[i], -1)
        return False

    solve(0, 0)
    out = lines[:]
    for y in range(n):
        row = list(rows[y])
        for x in range(m):
            row[1 + 2 * x] = grid[y][x]
        out[2 + y] = "".join(row)
    sys.stdout.write("\n".join(out) + "\n")


main()
