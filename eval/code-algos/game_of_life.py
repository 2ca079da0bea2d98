import random
import time


def step(cells, w, h):
    def alive(x, y):
        return cells[(y % h) * w + (x % w)]

    out = []
    for y in range(h):
        for x in range(w):
            n = sum(alive(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)) - alive(x, y)
            out.append(1 if n == 3 or (n == 2 and alive(x, y)) else 0)
    return out


def show(cells, w):
    for i in range(0, len(cells), w):
        print("".join("#" if c else "." for c in cells[i : i + w]))


if __name__ == "__main__":
    w, h = 20, 10
    cells = [random.randint(0, 1) for _ in range(w * h)]
    try:
        while True:
            cells = step(cells, w, h)
            show(cells, w)
            time.sleep(0.2)
    except KeyboardInterrupt:
        print("bye")
