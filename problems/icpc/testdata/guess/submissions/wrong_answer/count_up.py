g = 1
while True:
    print(g, flush=True)
    if input() == "correct":
        break
    g += 1
