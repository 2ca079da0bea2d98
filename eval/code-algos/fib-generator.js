function* fibonacci() {
  let [a, b] = [0, 1];
  while (true) {
    yield a;
    [a, b] = [b, a + b];
  }
}

const out = [];
for (const f of fibonacci()) {
  if (f > 100) break;
  out.push(f);
}
console.log(out);
