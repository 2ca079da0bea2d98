def collatz_steps(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


best = max(range(1, 10000), key=collatz_steps)
print(best, collatz_steps(best))
