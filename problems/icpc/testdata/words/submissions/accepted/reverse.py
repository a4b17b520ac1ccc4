print(' '.join(input().split()[::-1]))
