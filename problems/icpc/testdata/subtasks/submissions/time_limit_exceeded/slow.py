import time
input()
nums = list(map(int, input().split()))
while True:
    pass
