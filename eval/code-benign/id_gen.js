function* ids(prefix) {
  let i = 0;
  for (;;) yield `${prefix}-${i++}`;
}
const gen = ids('user');
console.log(gen.next().value, gen.next().value);
