# expect: TLE|MLE
# A fork bomb in Python. Its processes write their copies of the interpreter's
# pages as they run, so 32 of them pass the 128 MiB limit about when they pass
# the CPU limit: which comes first depends on the machine's load.
import os
while True:
    try:
        os.fork()
    except OSError:
        pass
