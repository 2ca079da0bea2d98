def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]

def power(m, k):
    result = [[1 if i == j else 0 for j in range(len(m))] for i in range(len(m))]
    while k > 0:
        if k & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        k >>= 1
    return result
