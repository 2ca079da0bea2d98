def sqrt(x, eps=1e-10):
    guess = x / 2
    while True:
        better = (guess + x / guess) / 2
        if abs(better - guess) < eps:
            return better
        guess = better

print(sqrt(2))
