/**
 * API keys (SPEC 5, X-Marketplace-Key or Authorization: Bearer): only SHA-256 digests are kept,
 * and a presented key is hashed and compared with every stored digest using crypto.timingSafeEqual,
 * so neither the comparison nor the number of keys tried leaks which bytes matched.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const PREHASHED = /^sha256:([0-9a-fA-F]{64})$/;

interface StoredKey {
  readonly digest: Buffer;
  /** Short id for logs and rate-limit buckets: a prefix of the SHA-256 of the digest, not of the key. */
  readonly id: string;
}

function sha256(data: string | Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

export class ApiKeyStore {
  readonly #keys: readonly StoredKey[];

  /** Entries are keys, or `sha256:<hex>` digests of keys (so a config file need not hold the key). */
  constructor(entries: readonly string[]) {
    this.#keys = entries
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0)
      .map((entry) => {
        const prehashed = PREHASHED.exec(entry)?.[1];
        const digest = prehashed ? Buffer.from(prehashed, 'hex') : sha256(entry);
        return { digest, id: `key:${sha256(digest).toString('hex').slice(0, 12)}` };
      });
  }

  get size(): number {
    return this.#keys.length;
  }

  /** The matching key's id, or null. Every stored digest is compared (no early exit). */
  match(presented: string): string | null {
    if (this.#keys.length === 0 || presented.length === 0 || presented.length > 4096) return null;
    const digest = sha256(presented);
    let found: string | null = null;
    for (const key of this.#keys) {
      if (timingSafeEqual(digest, key.digest) && found === null) found = key.id;
    }
    return found;
  }
}

/** What `sha256:<hex>` entry to put in a config file for a key. */
export function hashApiKey(key: string): string {
  return `sha256:${sha256(key).toString('hex')}`;
}
