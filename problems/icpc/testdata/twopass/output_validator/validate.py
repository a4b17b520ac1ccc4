# A two-pass validator: on the first pass (input "first") the team prints a
# positive number, which becomes the input of the second pass, where the team
# must print it back. It keeps the number in a file of its own in the feedback
# folder, which the format keeps from pass to pass, and each pass writes a
# judge message.
import os
import sys

given = open(sys.argv[1]).read().strip()
team = sys.stdin.read().split()
feedback = sys.argv[3]
state = os.path.join(feedback, ".first-number")


def say(msg):
    open(os.path.join(feedback, "judgemessage.txt"), "w").write(msg + "\n")


def reject(msg):
    say(msg)
    sys.exit(43)


if len(team) != 1 or not team[0].isdigit() or int(team[0]) <= 0:
    reject("want one positive number")
if given == "first":
    open(os.path.join(feedback, "nextpass.in"), "w").write(team[0] + "\n")
    open(state, "w").write(team[0])
    say("pass 1: " + team[0])
    sys.exit(42)
if not os.path.exists(state) or open(state).read() != given:
    sys.stderr.write("the feedback folder lost this validator's own file\n")
    sys.exit(1)
if team[0] != given:
    reject("pass 2: said %s, then %s" % (given, team[0]))
say("pass 2: " + team[0] + " again")
sys.exit(42)
