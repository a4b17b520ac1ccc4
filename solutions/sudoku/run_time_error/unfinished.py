"""Reads the puzzle, then raises: the solver was never written. Expected: RTE everywhere."""
import sys

cells = [ch for ch in sys.stdin.read() if not ch.isspace()]
raise NotImplementedError("solver for %d cells not written yet" % len(cells))
