/**
 * Private keys: PEM blocks of every kind (RSA, EC, DSA, PKCS#8, ENCRYPTED, OPENSSH, PGP), whole block,
 * also when the newlines are JSON escapes (`\n` inside a service-account JSON string), and age keys.
 * A block longer than MAX_PEM_CHARS is cut there and the rest redacted by continuation matches, so
 * the stream buffer stays bounded and no part of the key is ever emitted.
 */
import { BASE62, pemBlock, randomBody } from '../examples.js';
import { hasVariety, type PatternHit } from '../family.js';
import { defineDetector } from '../detector.js';

/** Longest PEM block redacted as one marker; longer blocks get one marker per MAX_PEM_CHARS. */
export const MAX_PEM_CHARS = 16_384;

const HEADER = /^-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----/;
const FOOTER = /^-----END [A-Z0-9 ]{0,40}-----/;
const CONTINUED = 'private-key/pem-continued';

function isBase64Code(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 61
  );
}

/** Body characters: base64, whitespace, and the punctuation of PEM headers (Proc-Type: 4,ENCRYPTED). */
function isBodyCode(c: number): boolean {
  return (
    isBase64Code(c) ||
    c === 32 ||
    c === 9 ||
    c === 10 ||
    c === 13 ||
    c === 58 ||
    c === 44 ||
    c === 45 ||
    c === 46
  );
}

interface BodyScan {
  readonly end: number;
  readonly base64: number;
  readonly closed: boolean;
  readonly cut: boolean;
}

function scanBody(text: string, from: number, limit: number, hardLimit: number): BodyScan {
  let i = from;
  let base64 = 0;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 45 && text.startsWith('-----', i)) {
      const m = FOOTER.exec(text.slice(i, limit));
      if (m) return { end: i + m[0].length, base64, closed: true, cut: false };
      if (text.startsWith('-----END', i)) break;
    }
    if (isBodyCode(c)) {
      if (isBase64Code(c)) base64++;
      i++;
      continue;
    }
    // JSON/escaped newlines: \n \r \t, escaped again for JSON inside a JSON string (\\n).
    if (c === 92) {
      let k = i + 1;
      while (k < limit && k - i < 8 && text.charCodeAt(k) === 92) k++;
      const n = k < limit ? text.charCodeAt(k) : 0;
      if (n === 110 || n === 114 || n === 116) {
        i = k + 1;
        continue;
      }
    }
    break;
  }
  const cut = i >= limit && limit >= hardLimit;
  return { end: i, base64, closed: false, cut };
}

/** End of an unclosed block without its trailing whitespace / escaped newlines. */
function trimEnd(text: string, from: number, end: number): number {
  let e = end;
  while (e > from) {
    const c = text.charCodeAt(e - 1);
    if (c === 32 || c === 9 || c === 10 || c === 13) e--;
    else if (e - 2 >= from && text.charCodeAt(e - 2) === 92 && (c === 110 || c === 114 || c === 116)) {
      e -= 2;
      while (e > from && text.charCodeAt(e - 1) === 92) e--;
    } else break;
  }
  return e;
}

function envFor(label: string): string {
  if (label.includes('OPENSSH')) return 'SSH_PRIVATE_KEY';
  if (label.includes('PGP')) return 'PGP_PRIVATE_KEY';
  return 'PRIVATE_KEY';
}

function matchPem(text: string, pos: number, limit: number): PatternHit | null {
  const head = HEADER.exec(text.slice(pos, Math.min(limit, pos + 80)));
  if (!head) return null;
  const body = scanBody(text, pos + head[0].length, limit, pos + MAX_PEM_CHARS);
  const envName = envFor(head[1] ?? '');
  if (body.cut) return { secretStart: pos, secretEnd: body.end, envName, continueWith: CONTINUED };
  // Placeholders such as "\n...\n" or "***" carry no key material.
  if (body.base64 < 40) return null;
  if (!hasVariety(text.slice(pos + head[0].length, body.end), 12)) return null;
  return { secretStart: pos, secretEnd: body.closed ? body.end : trimEnd(text, pos, body.end), envName };
}

function matchContinued(text: string, pos: number, limit: number): PatternHit | null {
  const body = scanBody(text, pos, limit, pos + MAX_PEM_CHARS);
  if (body.end === pos) return null;
  if (body.cut)
    return { secretStart: pos, secretEnd: body.end, envName: 'PRIVATE_KEY', continueWith: CONTINUED };
  const end = body.closed ? body.end : trimEnd(text, pos, body.end);
  if (end === pos) return null;
  return { secretStart: pos, secretEnd: end, envName: 'PRIVATE_KEY' };
}

const AGE_ALPHABET = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
const jsonEscaped = (s: string): string => s.replace(/\n/g, '\\n');

export default defineDetector({
  id: 'private-key',
  family: 'private-key',
  kind: 'PRIVATE',
  // Base64 of binary data has runs of `A`s: the shared placeholder check does not apply.
  notSecretCheck: false,
  summary: 'PEM and OpenSSH private key blocks, age secret keys',
  nonStrict: true,
  priority: 20,
  patterns: [
    { id: 'private-key/pem', keywords: ['-----begin '], match: matchPem, maxLength: MAX_PEM_CHARS },
    { id: CONTINUED, keywords: [], match: matchContinued, maxLength: MAX_PEM_CHARS },
    {
      id: 'private-key/age',
      keywords: ['age-secret-key-1'],
      regex: /^AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}(?![A-Z0-9])/,
      boundary: true,
      maxLength: 80,
      envName: 'AGE_SECRET_KEY',
    },
  ],
  examples: {
    positive: [
      { text: pemBlock('RSA PRIVATE KEY', 'pk1'), secret: pemBlock('RSA PRIVATE KEY', 'pk1') },
      {
        text: `key:\n${pemBlock('OPENSSH PRIVATE KEY', 'pk2')}\n`,
        secret: pemBlock('OPENSSH PRIVATE KEY', 'pk2'),
      },
      {
        text: `{"type": "service_account", "private_key": "${jsonEscaped(pemBlock('PRIVATE KEY', 'pk3'))}\\n"}`,
        secret: jsonEscaped(pemBlock('PRIVATE KEY', 'pk3')),
        why: 'escaped newlines inside a JSON string',
      },
      {
        text: JSON.stringify({
          credentials: JSON.stringify({ private_key: pemBlock('PRIVATE KEY', 'pk9') }),
        }),
        secret: pemBlock('PRIVATE KEY', 'pk9').split('\n')[1]!,
        why: 'a key file as a JSON string inside JSON (newlines escaped twice)',
      },
      { text: pemBlock('EC PRIVATE KEY', 'pk4', 3), secret: pemBlock('EC PRIVATE KEY', 'pk4', 3) },
      {
        text: `${pemBlock('PGP PRIVATE KEY BLOCK', 'pk5').split('\n').slice(0, 4).join('\n')}\n(truncated)`,
        secret: pemBlock('PGP PRIVATE KEY BLOCK', 'pk5').split('\n')[2]!,
        why: 'a block without its END line is still redacted',
      },
      {
        text: `AGE-SECRET-KEY-1${randomBody('pk6', AGE_ALPHABET, 58)}`,
        secret: `AGE-SECRET-KEY-1${randomBody('pk6', AGE_ALPHABET, 58)}`,
      },
    ],
    negative: [
      { text: '-----BEGIN PRIVATE KEY-----\n***\n-----END PRIVATE KEY-----', why: 'masked placeholder' },
      { text: '-----BEGIN PRIVATE KEY-----\nxxx\n-----END PRIVATE KEY-----', why: 'placeholder' },
      {
        text: '"private_key":"-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"',
        why: 'documentation placeholder in a service-account template',
      },
      { text: pemBlock('CERTIFICATE', 'pk7'), why: 'certificates are public' },
      { text: pemBlock('PUBLIC KEY', 'pk8'), why: 'public keys are public' },
      {
        text: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA${randomBody('pk9', BASE62, 43)} user@host`,
        why: 'an OpenSSH public key',
      },
    ],
  },
});
