import sys
sys.stdout.write(' '.join(input().split()[::-1]))
