a, b = map(int, input().split())
print('%.2f' % (a / b))
