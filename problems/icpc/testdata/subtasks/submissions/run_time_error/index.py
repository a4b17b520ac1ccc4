input()
nums = list(map(int, input().split()))
print(nums[len(nums)])
