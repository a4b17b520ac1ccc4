# expect: TLE
# A fork bomb in Python.
import os
while True:
    try:
        os.fork()
    except OSError:
        pass
