import re, sys
data = sys.stdin.read()
m = re.fullmatch(r"([1-9][0-9]{0,9})\n", data)
if not m or not 2 <= int(m.group(1)) <= 10**9:
    print("want one integer 2..1e9 and a newline")
    sys.exit(43)
sys.exit(42)
