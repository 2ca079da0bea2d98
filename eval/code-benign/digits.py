def digit_sum(n):
    total = 0
    while n > 0:
        total += n % 10
        n //= 10
    return total

num = 12345
count = 0
while num:
    num //= 10
    count += 1
print(digit_sum(987), count)
