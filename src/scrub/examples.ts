/**
 * Builds the example tokens the family files and tests use, from parts and a seeded generator, so
 * the repository never contains a literal that repository secret scanners (GitHub push protection
 * and friends) would flag as a live credential. Deterministic: the same seed gives the same token.
 */
import { base62, crc32 } from './checksum.js';

export const ALPHA_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const ALPHA_LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const BASE62 = DIGITS + ALPHA_UPPER + ALPHA_LOWER;
export const BASE64URL = BASE62 + '-_';
export const BASE64 = ALPHA_UPPER + ALPHA_LOWER + DIGITS + '+/';
export const HEX = '0123456789abcdef';
export const BASE32_UPPER = ALPHA_UPPER + '234567';

/** mulberry32 seeded from a string: small, fast, good enough to make look-random test bodies. */
function generator(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` characters drawn from `alphabet`, determined by `seed`. */
export function randomBody(seed: string, alphabet: string, length: number): string {
  const next = generator(seed);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

/** Groups of random characters joined by `sep` (a UUID is [8, 4, 4, 4, 12]); group i draws from `${seed}:i`. */
export function randomGroups(seed: string, alphabet: string, lengths: readonly number[], sep = '-'): string {
  return lengths.map((n, k) => randomBody(`${seed}:${k}`, alphabet, n)).join(sep);
}

/** A GitHub-format token (`ghp_` etc.) with a correct CRC32 checksum, or a broken one. */
/** A version-4 UUID (lower-case hex) whose variant nibble is `variant`, as several vendors' keys are. */
export function uuidV4(seed: string, variant: '8' | '9' | 'a' | 'b'): string {
  const part = (i: number, n: number): string => randomBody(`${seed}:${i}`, HEX, n);
  return `${part(0, 8)}-${part(2, 4)}-4${part(4, 3)}-${variant}${part(6, 3)}-${part(8, 12)}`;
}

export function githubToken(prefix: string, seed: string, validChecksum = true): string {
  const body = randomBody(seed, BASE62, 30);
  let check = base62(crc32(body), 6);
  if (!validChecksum) check = check.slice(0, 5) + (check[5] === 'A' ? 'B' : 'A');
  return `${prefix}_${body}${check}`;
}

/** A JWT with the given header and payload objects and a random signature. */
export function jwt(header: object, payload: object, seed: string): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64(header)}.${b64(payload)}.${randomBody(seed, BASE64URL, 43)}`;
}

/** A PEM block of the given label ("RSA PRIVATE KEY", "OPENSSH PRIVATE KEY"...) with random body lines. */
export function pemBlock(label: string, seed: string, lines = 6, eol = '\n'): string {
  const dashes = '-----';
  const body: string[] = [];
  for (let i = 0; i < lines; i++) body.push(randomBody(`${seed}:${i}`, BASE64, 64));
  return [`${dashes}BEGIN ${label}${dashes}`, ...body, `${dashes}END ${label}${dashes}`].join(eol);
}
