# Input: one whole number n, 1 <= n <= {{LIMIT.value}}, and a newline.
import re
import sys

data = sys.stdin.read()
if not re.fullmatch(r"[1-9][0-9]*\n", data) or int(data) > {{LIMIT.value}}:
    sys.exit(43)
sys.exit(42)
