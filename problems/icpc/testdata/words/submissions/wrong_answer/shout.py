print(' '.join(input().split()[::-1]).upper())
