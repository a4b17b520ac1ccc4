"""carol's TriMineSweeper player in Python: the same two rules as alice's around
every played number (all bombs found: the rest is safe; unknowns equal the missing
bombs: they are all bombs), and when stuck a guess on the cell with the lowest bomb
odds."""
import sys
from collections import deque

UNKNOWN, MARKED = -1, -2


def main():
    n, bombs, r0, c0 = map(int, sys.stdin.readline().split())
    nbrs = []
    for r in range(n):
        for c in range(n):
            down = (r + c) % 2 == 1
            cells = []
            for dr in (-1, 0, 1):
                wide = dr == 0 or (dr == -1) == down
                for dc in range(-2, 3) if wide else range(-1, 2):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < n and 0 <= cc < n:
                        cells.append(rr * n + cc)
            nbrs.append(cells)
    state = [UNKNOWN] * (n * n)
    left = {"bombs": bombs, "unknown": n * n}
    work, queued = deque(), [False] * (n * n)

    def push(i):
        if state[i] >= 0 and not queued[i]:
            queued[i] = True
            work.append(i)

    def move(kind, i):
        sys.stdout.write("%s %d %d\n" % (kind, i // n, i % n))
        sys.stdout.flush()
        reply = sys.stdin.readline().strip()
        if reply in ("WIN", "LOSE", ""):
            sys.exit(0)
        left["unknown"] -= 1
        if kind == "M":
            state[i] = MARKED
            left["bombs"] -= 1
        else:
            state[i] = int(reply)
        push(i)
        for j in nbrs[i]:
            push(j)

    def counts(i):
        unk = sum(1 for j in nbrs[i] if state[j] == UNKNOWN)
        marked = sum(1 for j in nbrs[i] if state[j] == MARKED)
        return unk, marked

    def deduce():
        moved = False
        while work:
            i = work.popleft()
            queued[i] = False
            unk, marked = counts(i)
            if unk == 0:
                continue
            if state[i] == marked or state[i] - marked == unk:
                kind = "P" if state[i] == marked else "M"
                for j in nbrs[i]:
                    if state[j] == UNKNOWN:
                        move(kind, j)
                        moved = True
        return moved

    def guess():
        density = left["bombs"] / left["unknown"]
        best, pick = 2.0, -1
        for i in range(n * n):
            if state[i] != UNKNOWN:
                continue
            p = -1.0
            for h in nbrs[i]:
                if state[h] >= 0:
                    unk, marked = counts(h)
                    p = max(p, (state[h] - marked) / unk)
            if p < 0:
                p = density
            if p < best:
                best, pick = p, i
        move("M" if left["bombs"] == left["unknown"] else "P", pick)

    move("P", r0 * n + c0)
    while True:
        if not deduce():
            guess()


main()
