function merge(a, b) {
  const out = [];
  let i = 0, j = 0;
  while (true) {
    if (i === a.length) return out.concat(b.slice(j));
    if (j === b.length) return out.concat(a.slice(i));
    out.push(a[i] <= b[j] ? a[i++] : b[j++]);
  }
}
const sort = (xs) => (xs.length < 2 ? xs : merge(sort(xs.slice(0, xs.length >> 1)), sort(xs.slice(xs.length >> 1))));
console.log(sort([4, 1, 3, 2]));
