function Pump(source) {
  this.source = source;
  this.pending = false;
  this.inside = false;
}

Pump.prototype.next = function () {
  if (this.inside) {
    this.pending = true;
    return;
  }
  this.inside = true;
  try {
    do {
      this.pending = false;
      this.pull();
    } while (this.pending);
  } finally {
    this.inside = false;
  }
};

Pump.prototype.pull = function () {
  const chunk = this.source.shift();
  if (chunk !== undefined) console.log(chunk);
};

new Pump(['a', 'b']).next();
