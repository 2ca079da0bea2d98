let x = 27;
let steps = 0;
do {
  x = x % 2 === 0 ? x / 2 : 3 * x + 1;
  steps++;
} while (x !== 1);
console.log(steps);
