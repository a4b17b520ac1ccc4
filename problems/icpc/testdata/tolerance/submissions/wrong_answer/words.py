input()
print('about three')
