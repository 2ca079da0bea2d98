import random
import time

def step(board):
    h, w = len(board), len(board[0])
    def n(r, c):
        return sum(board[(r + dr) % h][(c + dc) % w] for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
    return [[1 if (board[r][c] and n(r, c) in (2, 3)) or n(r, c) == 3 else 0 for c in range(w)] for r in range(h)]

board = [[random.randint(0, 1) for _ in range(20)] for _ in range(10)]
for _ in range(50):
    board = step(board)
    time.sleep(0.1)
