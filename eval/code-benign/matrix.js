const matmul = (a, b) => a.map((row) => b[0].map((_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));
function power(m, k) {
  let result = m.map((r, i) => r.map((_, j) => (i === j ? 1 : 0)));
  while (k > 0) {
    if (k & 1) result = matmul(result, m);
    m = matmul(m, m);
    k >>= 1;
  }
  return result;
}
console.log(power([[1, 1], [1, 0]], 10));
