const grid = [[1, 2], [3, 4]];
let found = null;
outer: for (;;) {
  for (const row of grid) {
    for (const v of row) {
      if (v === 3) { found = v; break outer; }
    }
  }
  break;
}
console.log(found);
