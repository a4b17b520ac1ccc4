a, b = map(int, input().split())
print('%.3e' % (a / b))
