"""Disk defragmentation in two passes.

1. Every file in pieces whose whole length fits in one stretch of free blocks is
   copied there piece by piece: one move per fragment, and the blocks it leaves
   behind are free for the files after it.
2. If files are still in pieces (the disk is too full for pass 1), every file is
   packed to the front of the disk in input order: whatever sits on a target block
   is parked one block at a time in free space further on, and the data that belongs
   there is brought in with as many following blocks as can come along.
"""


def read_case(name):
    with open(name) as f:
        nums = f.read().replace(",", " ").split()
    it = iter(map(int, nums))
    blocks, nfiles = next(it), next(it)
    files = []
    for _ in range(nfiles):
        k = next(it)
        files.append([(next(it), next(it)) for _ in range(k)])
    return blocks, files


def solve(blocks, files):
    moves = []
    disk = bytearray(blocks)  # 1 where a block holds data
    for frags in files:
        for start, length in frags:
            disk[start:start + length] = b"\x01" * length

    # Pass 1: whole files into free stretches.
    for i, frags in enumerate(files):
        if len(frags) == 1:
            continue
        size = sum(length for _, length in frags)
        dest = disk.find(bytes(size))
        if dest < 0:
            continue
        at = dest
        for start, length in frags:
            moves.append((start, at, length))
            disk[start:start + length] = bytes(length)
            disk[at:at + length] = b"\x01" * length
            at += length
        files[i] = [(dest, size)]

    if all(len(frags) == 1 for frags in files):
        return moves

    # Pass 2: pack everything to the front.
    tgt = [-1] * blocks  # target of the data at each block
    pos = []             # where the data for each target is now
    for frags in files:
        for start, length in frags:
            for b in range(start, start + length):
                tgt[b] = len(pos)
                pos.append(b)
    free = [b for b in range(blocks) if tgt[b] < 0]

    def move(src, dst, count):
        for j in range(count):
            t = tgt[src + j]
            tgt[dst + j] = t
            pos[t] = dst + j
            tgt[src + j] = -1
            free.append(src + j)
        moves.append((src, dst, count))

    used = len(pos)
    for t in range(used):
        s = pos[t]
        if s == t:
            continue
        if tgt[t] >= 0:
            f = free.pop()
            while f <= t or tgt[f] >= 0:
                f = free.pop()
            move(t, f, 1)
            s = pos[t]
        k = 1
        while t + k < used and t + k < s and pos[t + k] == s + k and tgt[t + k] < 0:
            k += 1
        move(s, t, k)
    return moves


def main():
    with open("defrag.in") as f:
        cases = int(f.read().split()[0])
    for c in range(1, cases + 1):
        blocks, files = read_case("defrag%02d.in" % c)
        moves = solve(blocks, files)
        with open("defrag%02d.out" % c, "w") as out:
            out.write("".join("%d,%d,%d\n" % m for m in moves))


main()
