const { EventEmitter } = require('events');
class Queue extends EventEmitter {
  #items = [];
  push(x) { this.#items.push(x); this.emit('item', x); }
  drain() {
    while (this.#items.length) this.emit('drain', this.#items.pop());
  }
}
const q = new Queue();
q.on('item', (x) => console.log('got', x));
q.push(1);
q.drain();
