/**
 * Replay protection for passport requests: each (passport, nonce) is remembered until its timestamp
 * leaves the validity window, after which the timestamp check alone refuses it. Memory is bounded:
 * when the cache is full of live entries, new requests are refused (fail closed) rather than
 * forgetting a nonce that could then be replayed.
 */

export type NonceOutcome = 'fresh' | 'replayed' | 'full';

export class NonceCache {
  readonly #expiries = new Map<string, number>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#expiries.size;
  }

  /** Record `key` until `expiresMs`, unless it was seen and has not expired. */
  remember(key: string, expiresMs: number, nowMs: number): NonceOutcome {
    const seen = this.#expiries.get(key);
    if (seen !== undefined && seen > nowMs) return 'replayed';
    if (seen === undefined && this.#expiries.size >= this.#maxEntries) {
      this.#sweep(nowMs);
      if (this.#expiries.size >= this.#maxEntries) return 'full';
    }
    this.#expiries.set(key, expiresMs);
    if (this.#expiries.size % 1024 === 0) this.#sweepFront(nowMs);
    return 'fresh';
  }

  /** Cheap: entries arrive roughly in expiry order, so drop expired ones from the front. */
  #sweepFront(nowMs: number): void {
    for (const [key, expires] of this.#expiries) {
      if (expires > nowMs) break;
      this.#expiries.delete(key);
    }
  }

  #sweep(nowMs: number): void {
    for (const [key, expires] of this.#expiries) if (expires <= nowMs) this.#expiries.delete(key);
  }
}
