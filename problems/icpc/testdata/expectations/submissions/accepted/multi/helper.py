def echo():
    print(input())
