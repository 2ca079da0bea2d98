/**
 * The decision cache: an LRU keyed by (runtime, text), one per engine. Decisions are pure functions
 * of runtime, text and policy, and each cache serves exactly one policy (an engine swaps policy and
 * cache together when its policy file is reloaded, engine.ts reloadPolicy), so a hit returns what a
 * fresh evaluation would (tested for every rule example in test/engine/cache.test.ts). The policy
 * is left out of the key for that reason: its 64-character digest made every lookup hash a
 * key several times longer than a short command. Failed (fail-closed) evaluations are never stored.
 */
import { hash } from 'node:crypto';
import type { Decision } from './types.js';

/**
 * Texts up to this many UTF-16 units are part of their own key: hashing costs more than the map
 * lookup on a short string (a few µs per request), and a key stays under ~270 characters.
 * Longer texts are keyed by their SHA-256, so a cache entry never holds a large input.
 */
export const DIRECT_KEY_MAX_CHARS = 256;

export function cacheKey(runtime: string, text: string): string {
  // NUL cannot occur in a runtime name, so the two fields cannot run together, and a direct key
  // (it contains a NUL) can never equal a hashed one (base64 has none).
  const joined = `${runtime}\u0000${text}`;
  return text.length <= DIRECT_KEY_MAX_CHARS ? joined : hash('sha256', joined, 'base64');
}

interface Entry {
  readonly decision: Decision;
  /** The insertion count when this entry was last (re)inserted. */
  stamp: number;
}

/**
 * Least recently used, approximately: a hit moves its entry to the young end only when at least
 * half the capacity has been inserted since it was last moved. An entry hit at least once per
 * half-capacity insertions is therefore never evicted, and the common hit (a command an agent
 * repeats) costs one lookup instead of a delete and a re-insert.
 */
export class DecisionCache {
  readonly #max: number;
  readonly #half: number;
  // Map keeps insertion order: the first key is the one moved longest ago.
  readonly #entries = new Map<string, Entry>();
  #inserted = 0;

  constructor(maxEntries: number) {
    this.#max = Math.max(0, Math.floor(maxEntries));
    this.#half = this.#max / 2;
  }

  get enabled(): boolean {
    return this.#max > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Decision | undefined {
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    if (this.#inserted - hit.stamp >= this.#half) {
      this.#entries.delete(key);
      hit.stamp = ++this.#inserted;
      this.#entries.set(key, hit);
    }
    return hit.decision;
  }

  set(key: string, decision: Decision): void {
    if (this.#max === 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { decision, stamp: ++this.#inserted });
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
