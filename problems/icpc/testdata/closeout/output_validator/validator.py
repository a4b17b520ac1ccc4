#!/usr/bin/env python3
# Interactive validator: sends the numbers of the test case, then closes its
# output so that the submission reads the end of its input, then reads the sum.
import os
import pathlib
import sys

numbers = pathlib.Path(sys.argv[1]).read_text().split()[1:]
sys.stdout.write(f"{len(numbers)}\n" + "\n".join(numbers) + "\n")
sys.stdout.flush()
os.close(sys.stdout.fileno())
answer = sys.stdin.readline().strip()
if answer != str(sum(map(int, numbers))):
    (pathlib.Path(sys.argv[3]) / "judgemessage.txt").write_text(f"sum {answer!r} is wrong\n")
    sys.exit(43)
sys.exit(42)
