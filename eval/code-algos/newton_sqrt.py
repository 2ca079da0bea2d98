def sqrt(n, eps=1e-12):
    x = n or 1.0
    while True:
        nx = (x + n / x) / 2
        if abs(nx - x) < eps:
            return nx
        x = nx


if __name__ == "__main__":
    print(sqrt(2.0))
