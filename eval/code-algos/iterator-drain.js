class Tokens {
  constructor(text) {
    this.text = text;
    this.pos = 0;
  }

  next() {
    if (this.pos >= this.text.length) throw new RangeError('end of input');
    return this.text[this.pos++];
  }
}

function readAll(tokens) {
  const out = [];
  try {
    while (true) out.push(tokens.next());
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  return out;
}

console.log(readAll(new Tokens('abc')));
