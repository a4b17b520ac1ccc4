a, b = map(int, input().split())
print('%.10e' % (a / b))
