/**
 * The decision cache: an LRU keyed by (runtime, policy digest, text). Decisions are pure
 * functions of exactly those three inputs, so a hit returns what a fresh evaluation would (tested
 * for every rule example in test/engine/cache.test.ts). Failed (fail-closed) evaluations are never stored.
 */
import { hash } from 'node:crypto';
import type { Decision } from './types.js';

/**
 * Texts up to this many UTF-16 units are part of their own key: hashing costs more than the map
 * lookup on a short string (a few µs per request), and a key stays under ~330 characters.
 * Longer texts are keyed by their SHA-256, so a cache entry never holds a large input.
 */
export const DIRECT_KEY_MAX_CHARS = 256;

export function cacheKey(runtime: string, policyDigest: string, text: string): string {
  // NUL cannot occur in a runtime name or a hex digest, so the three fields cannot run together,
  // and a direct key (it contains NULs) can never equal a hashed one (base64 has none).
  const joined = `${runtime}\u0000${policyDigest}\u0000${text}`;
  return text.length <= DIRECT_KEY_MAX_CHARS ? joined : hash('sha256', joined, 'base64');
}

export class DecisionCache {
  readonly #max: number;
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  readonly #entries = new Map<string, Decision>();

  constructor(maxEntries: number) {
    this.#max = Math.max(0, Math.floor(maxEntries));
  }

  get enabled(): boolean {
    return this.#max > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Decision | undefined {
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, decision: Decision): void {
    if (this.#max === 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, decision);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
