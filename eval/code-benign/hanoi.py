def hanoi(n, src="A", dst="C", via="B"):
    if n == 0:
        return []
    return hanoi(n - 1, src, via, dst) + [(src, dst)] + hanoi(n - 1, via, dst, src)

print(len(hanoi(5)))
