n = int(input())
while n > 0:
    n = n + 1 - 1
