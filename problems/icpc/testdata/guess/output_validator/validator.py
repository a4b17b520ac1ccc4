import sys

def verdict(code, msg):
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    sys.exit(code)

secret = int(open(sys.argv[1]).read())
for guess_no in range(1, 11):
    line = sys.stdin.readline()
    if not line:
        verdict(43, "no guess %d: the submission stopped talking" % guess_no)
    try:
        g = int(line)
    except ValueError:
        verdict(43, "guess %d is not a number: %r" % (guess_no, line[:20]))
    if g == secret:
        print("correct", flush=True)
        if sys.stdin.read(1):
            verdict(43, "output after the correct guess")
        verdict(42, "found %d in %d guesses" % (secret, guess_no))
    print("lower" if secret < g else "higher", flush=True)
verdict(43, "no correct guess in 10")
