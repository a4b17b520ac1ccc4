import sys

sys.exit("the entry point is real.py")
