function collatz(n) {
  let steps = 0;
  while (n !== 1) {
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}

let best = 1;
for (let i = 1; i < 10000; i++) if (collatz(i) > collatz(best)) best = i;
console.log(best);
