import itertools

def primes():
    found = []
    for n in itertools.count(2):
        if all(n % p for p in found):
            found.append(n)
            yield n

for p in primes():
    if p > 100:
        break
    print(p)
