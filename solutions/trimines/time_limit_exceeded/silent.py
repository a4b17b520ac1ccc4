# Reads the TriMineSweeper header and never answers: it waits for a reply that
# cannot come. Expected: TLE by the wall-clock limit (it uses almost no CPU).
import sys

sys.stdin.readline()
sys.stdin.readline()
