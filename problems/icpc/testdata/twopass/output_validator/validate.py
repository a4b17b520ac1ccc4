# A two-pass validator: on the first pass (input "first") the team prints a
# positive number, which becomes the input of the second pass, where the team
# must print it back.
import os
import sys

given = open(sys.argv[1]).read().strip()
team = sys.stdin.read().split()
feedback = sys.argv[3]


def reject(msg):
    open(os.path.join(feedback, "judgemessage.txt"), "w").write(msg + "\n")
    sys.exit(43)


if len(team) != 1 or not team[0].isdigit() or int(team[0]) <= 0:
    reject("want one positive number")
if given == "first":
    open(os.path.join(feedback, "nextpass.in"), "w").write(team[0] + "\n")
    sys.exit(42)
if team[0] != given:
    reject("pass 2: said %s, then %s" % (given, team[0]))
sys.exit(42)
