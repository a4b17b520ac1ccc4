n = int(input())
print(n if n % 2 else n + 1)
