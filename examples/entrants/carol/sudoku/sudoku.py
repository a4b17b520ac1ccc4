"""carol: a right answer in Python: backtracking that always fills the empty cell
with the fewest candidates first."""
import sys


def candidates(g, i):
    r, c = divmod(i, 9)
    br, bc = r // 3 * 3, c // 3 * 3
    used = set(g[r * 9:r * 9 + 9])
    used.update(g[c::9])
    for k in range(9):
        used.add(g[(br + k // 3) * 9 + bc + k % 3])
    return [d for d in range(1, 10) if d not in used]


def solve(g):
    best, best_cands = -1, None
    for i, v in enumerate(g):
        if v == 0:
            cands = candidates(g, i)
            if best_cands is None or len(cands) < len(best_cands):
                best, best_cands = i, cands
                if len(cands) <= 1:
                    break
    if best < 0:
        return True
    for d in best_cands:
        g[best] = d
        if solve(g):
            return True
    g[best] = 0
    return False


def consistent(g):
    for i, v in enumerate(g):
        if v:
            g[i] = 0
            ok = v in candidates(g, i)
            g[i] = v
            if not ok:
                return False
    return True


def show(g):
    lines = []
    for r in range(9):
        if r in (3, 6):
            lines.append("")
        row = "".join(str(v) if v else "-" for v in g[r * 9:r * 9 + 9])
        lines.append(" ".join((row[0:3], row[3:6], row[6:9])))
    return "\n".join(lines)


def main():
    cells = [0 if ch == "-" else int(ch) for ch in sys.stdin.read() if ch == "-" or "1" <= ch <= "9"][:81]
    out = ["The original puzzle:", "", show(cells), ""]
    g = list(cells)
    if consistent(g) and solve(g):
        out += ["Solution:", "", show(g), "", "The puzzle was solved."]
    else:
        out.append("The puzzle is unsolvable.")
    print("\n".join(out))


main()
