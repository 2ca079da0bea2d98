/**
 * Marker tags: the first 8 hex characters of HMAC-SHA256(salt, secret). Keyed, so a tag cannot be
 * checked against guessed secrets without the salt; stable, so the same secret gets the same tag
 * within one deployment (one salt) and a model can still tell two different keys apart.
 * Without a configured salt each process draws a random one: tags are then stable only for the
 * life of the process.
 */
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';

export const TAG_LENGTH = 8;

let processSalt: Buffer | undefined;

/** The random per-process salt used when none is configured. */
export function processWideSalt(): Buffer {
  processSalt ??= randomBytes(32);
  return processSalt;
}

export function saltBytes(salt: string | Uint8Array | undefined): Buffer {
  if (salt === undefined || salt.length === 0) return processWideSalt();
  return typeof salt === 'string' ? Buffer.from(salt, 'utf8') : Buffer.from(salt);
}

export type Tagger = (secret: string) => string;

/** A tagger bound to one salt; `update` may be called with several parts (long PEM blocks). */
export function createTagger(salt: Buffer): Tagger {
  // A KeyObject made once spares each tag the key preparation a raw Buffer key costs (~25%).
  const key = createSecretKey(salt);
  return (secret) => createHmac('sha256', key).update(secret, 'utf8').digest('hex').slice(0, TAG_LENGTH);
}

export function marker(kind: string, tag: string): string {
  return `[REDACTED_${kind}_KEY_${tag}]`;
}
