class LRU {
  #map = new Map();
  constructor(limit) { this.limit = limit; }
  get(k) {
    if (!this.#map.has(k)) return undefined;
    const v = this.#map.get(k);
    this.#map.delete(k);
    this.#map.set(k, v);
    return v;
  }
  set(k, v) {
    this.#map.delete(k);
    this.#map.set(k, v);
    while (this.#map.size > this.limit) this.#map.delete(this.#map.keys().next().value);
  }
}
module.exports = LRU;
