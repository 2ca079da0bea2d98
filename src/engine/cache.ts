/**
 * The decision cache: an LRU keyed by sha256(runtime, policy digest, text). Decisions are pure
 * functions of exactly those three inputs, so a hit returns what a fresh evaluation would (tested
 * for every rule example in test/engine/cache.test.ts). Failed (fail-closed) evaluations are never stored.
 */
import { hash } from 'node:crypto';
import type { Decision } from './types.js';

export function cacheKey(runtime: string, policyDigest: string, text: string): string {
  // NUL cannot occur in a runtime name or a hex digest, so the three fields cannot run together.
  return hash('sha256', `${runtime}\u0000${policyDigest}\u0000${text}`, 'base64');
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
