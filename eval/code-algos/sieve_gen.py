import itertools


def primes():
    """An endless prime generator: the caller decides how many."""
    found = []
    for n in itertools.count(2):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n


print(list(itertools.islice(primes(), 10)))
