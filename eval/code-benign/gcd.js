function gcd(a, b) {
  while (b) {
    [a, b] = [b, a % b];
  }
  return a;
}
let n = 10;
while (n) n--;
console.log(gcd(48, 18));
