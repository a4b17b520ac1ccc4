# Output validator: the answer, and never more than {{TWICE}} * {{LIMIT}}. Without
# the constants put in, this file is not Python and every run is a judge error.
import os
import sys

answer = int(open(sys.argv[2]).read())
team = sys.stdin.read().split()
feedback = os.path.join(sys.argv[3], "judgemessage.txt")
if len(team) != 1 or not team[0].lstrip("-").isdigit():
    open(feedback, "w").write("want one whole number\n")
    sys.exit(43)
value = int(team[0])
if value > {{TWICE}} * {{LIMIT}}:
    open(feedback, "w").write("more than {{LIMIT.WORD}} doubled\n")
    sys.exit(43)
sys.exit(42 if value == answer else 43)
