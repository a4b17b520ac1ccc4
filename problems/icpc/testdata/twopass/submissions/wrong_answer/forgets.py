# Right on the first pass only: on the second it says something else.
line = input().strip()
print(7 if line == "first" else 8)
