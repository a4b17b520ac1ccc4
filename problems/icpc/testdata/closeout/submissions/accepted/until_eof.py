import sys

sys.stdin.readline()
print(sum(int(line) for line in sys.stdin))
