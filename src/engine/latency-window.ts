/** A fixed-size ring of recent evaluation latencies, for the health endpoint's p50. */
export class LatencyWindow {
  readonly #values: Float64Array;
  #count = 0;
  #next = 0;

  constructor(size: number) {
    this.#values = new Float64Array(Math.max(1, size));
  }

  add(us: number): void {
    this.#values[this.#next] = us;
    this.#next = (this.#next + 1) % this.#values.length;
    if (this.#count < this.#values.length) this.#count++;
  }

  /** Median of the values held (0 when empty); sorting a copy costs microseconds, only on demand. */
  p50(): number {
    if (this.#count === 0) return 0;
    const sorted = this.#values.slice(0, this.#count).sort();
    const mid = this.#count >> 1;
    return this.#count % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
}
