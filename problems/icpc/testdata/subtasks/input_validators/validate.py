import sys
lines = sys.stdin.read().split("\n")
try:
    n = int(lines[0])
    nums = list(map(int, lines[1].split()))
    assert len(nums) == n and 1 <= n <= 100000 and lines[2:] == [""]
    assert all(abs(x) <= 2 * 10**9 for x in nums)
except Exception:
    sys.exit(43)
sys.exit(42)
