lo, hi = 1, 1000
while True:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    r = input()
    if r == "correct":
        break
    if r == "lower":
        hi = mid - 1
    else:
        lo = mid + 1
