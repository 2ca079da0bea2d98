import random


def walk_until_home(limit=10_000):
    x = y = 0
    steps = 0
    while True:
        dx, dy = random.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        x, y = x + dx, y + dy
        steps += 1
        if (x, y) == (0, 0) or steps >= limit:
            return steps


print(walk_until_home())
