"""Wrong answer: pulls every fragment to the end of the previous one without
looking at what is there, so most moves land on blocks that are in use."""


def solve(case):
    with open("defrag%02d.in" % case) as f:
        nums = f.read().split()
    pos = 2
    files = int(nums[1])
    moves = []
    for _ in range(files):
        k = int(nums[pos])
        pos += 1
        frags = []
        for _ in range(k):
            s, l = nums[pos].split(",")
            frags.append((int(s), int(l)))
            pos += 1
        end = frags[0][0] + frags[0][1]
        for s, l in frags[1:]:
            moves.append("%d,%d,%d\n" % (s, end, l))
            end += l
    with open("defrag%02d.out" % case, "w") as f:
        f.write("".join(moves))


def main():
    with open("defrag.in") as f:
        n = int(f.read().split()[0])
    for case in range(1, n + 1):
        solve(case)


main()
