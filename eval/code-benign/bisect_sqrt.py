def isqrt(n):
    lo, hi = 0, n
    while True:
        mid = (lo + hi) // 2
        if mid * mid <= n < (mid + 1) * (mid + 1):
            return mid
        if mid * mid > n:
            hi = mid
        else:
            lo = mid + 1
