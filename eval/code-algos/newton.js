function sqrt(n, eps = 1e-12) {
  let x = n || 1;
  for (;;) {
    const next = (x + n / x) / 2;
    if (Math.abs(next - x) < eps) return next;
    x = next;
  }
}

console.log(sqrt(2));
