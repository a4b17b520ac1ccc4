"""Tactics 1 and 2 of the assignment without tactic 3: the sets left open print as '-'
and the program still says the puzzle was solved.

Expected: WA on the puzzles that need tactic 3 (a '-' in the solution) and on unsolvable
puzzles whose contradiction tactics 1 and 2 do not reach; AC on the rest.
"""
import sys

ALL = set(range(1, 10))
SECTIONS = (
    [[9 * r + c for c in range(9)] for r in range(9)]
    + [[9 * r + c for r in range(9)] for c in range(9)]
    + [[9 * (b // 3 * 3 + i // 3) + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
)


def tactic_one(p, sec):
    changed = False
    for i in sec:
        if len(p[i]) == 1:
            for j in sec:
                if j != i and p[i] <= p[j]:
                    p[j] = p[j] - p[i]
                    changed = True
    return changed


def tactic_two(p, sec):
    changed = False
    for k in ALL:
        holders = [i for i in sec if k in p[i]]
        if len(holders) == 1 and p[holders[0]] != {k}:
            p[holders[0]] = {k}
            changed = True
    return changed


def solve(p):
    while True:
        if any(not s for s in p):
            return False
        if all(len(s) == 1 for s in p):
            return True
        progress = False
        for sec in SECTIONS:
            progress |= tactic_one(p, sec)
        for sec in SECTIONS:
            progress |= tactic_two(p, sec)
        if not progress:
            return True  # the bug: "working" is reported as solved


def show(p):
    out = []
    for r in range(9):
        if r and r % 3 == 0:
            out.append("")
        chars = []
        for c in range(9):
            s = p[9 * r + c]
            chars.append(str(next(iter(s))) if len(s) == 1 else ("0" if not s else "-"))
        out.append(" ".join("".join(chars[c : c + 3]) for c in (0, 3, 6)))
    return "\n".join(out)


def main():
    cells = [ch for ch in sys.stdin.read() if ch == "-" or ch.isdigit()][:81]
    p = [set(ALL) if ch == "-" else {int(ch)} for ch in cells]
    print("The original puzzle:\n")
    print(show(p))
    print()
    clash = any(
        len(p[i]) == 1 and p[i] == p[j] for sec in SECTIONS for i in sec for j in sec if i < j
    )
    if not clash and solve(p):
        print("Solution:\n")
        print(show(p))
        print("\nThe puzzle was solved.")
    else:
        print("The puzzle is unsolvable.")


main()
