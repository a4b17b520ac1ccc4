# @EXPECTED_RESULTS@: WRONG_ANSWER
print(input().upper())
