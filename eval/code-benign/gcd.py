def gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a

x = 48
while x:
    x -= 1
print(gcd(48, 18))
