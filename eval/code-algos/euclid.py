def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def ext_gcd(a, b):
    x0, x1, y0, y1 = 1, 0, 0, 1
    while b != 0:
        q, a, b = a // b, b, a % b
        x0, x1 = x1, x0 - q * x1
        y0, y1 = y1, y0 - q * y1
    return a, x0, y0


def digits(n):
    total = 0
    while n > 0:
        total += n % 10
        n //= 10
    return total


print(gcd(84, 36), ext_gcd(240, 46), digits(9875))
