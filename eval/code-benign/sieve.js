function sieve(n) {
  const prime = new Array(n + 1).fill(true);
  prime[0] = prime[1] = false;
  for (let p = 2; p * p <= n; p++) {
    if (!prime[p]) continue;
    for (let m = p * p; m <= n; m += p) prime[m] = false;
  }
  return prime.reduce((acc, ok, i) => (ok ? [...acc, i] : acc), []);
}
console.log(sieve(50));
