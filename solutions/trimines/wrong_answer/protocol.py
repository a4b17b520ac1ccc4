# Breaks the TriMineSweeper protocol: plays the free cell properly, then sends a
# move in a made-up syntax. Expected: WA (protocol breach).
import sys

n, bombs, r0, c0 = map(int, sys.stdin.readline().split())
print(f"P {r0} {c0}", flush=True)
sys.stdin.readline()
print(f"PLAY {r0},{c0 + 1}", flush=True)
sys.stdin.readline()
