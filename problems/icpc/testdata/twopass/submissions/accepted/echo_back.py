line = input().strip()
print(7 if line == "first" else line)
