function tokenize(src) {
  const tokens = [];
  let i = 0;
  while (true) {
    if (i >= src.length) break;
    const ch = src[i];
    if (/\s/.test(ch)) { i++; continue; }
    if (/\d/.test(ch)) {
      let j = i;
      while (j < src.length && /\d/.test(src[j])) j++;
      tokens.push({ type: 'num', value: Number(src.slice(i, j)) });
      i = j;
      continue;
    }
    tokens.push({ type: 'op', value: ch });
    i++;
  }
  return tokens;
}
console.log(tokenize('12 + 3*4'));
