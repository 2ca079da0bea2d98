import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BASE62, randomBody } from '../../src/scrub/examples.js';
import { createTagger, marker, TAG_LENGTH } from '../../src/scrub/tag.js';

/** The tag as its definition states it: the first hex characters of HMAC-SHA256(salt, secret). */
function reference(salt: Buffer, secret: string): string {
  return createHmac('sha256', salt).update(secret, 'utf8').digest('hex').slice(0, TAG_LENGTH);
}

describe('marker tags', () => {
  const salts: [string, Buffer][] = [
    ['one byte', Buffer.from('s')],
    ['a phrase', Buffer.from('bench-salt')],
    ['63 bytes', Buffer.alloc(63, 7)],
    ['one block (64 bytes)', Buffer.alloc(64, 0xa5)],
    ['65 bytes (hashed first)', Buffer.alloc(65, 3)],
    ['300 bytes', Buffer.from(randomBody('salt', BASE62, 300))],
  ];
  const secrets = [
    '',
    'hunter2!',
    `ghp_${randomBody('tag', BASE62, 36)}`,
    'pässwörd-ünïcode',
    'emoji 😀 secret',
    'lone \ud800 surrogate \udc00 here',
    randomBody('long', BASE62, 2000),
    'short after long',
  ];

  it.each(salts)('equal HMAC-SHA256 truncated (salt: %s)', (_name, salt) => {
    const tag = createTagger(salt);
    for (const s of secrets) expect(tag(s), JSON.stringify(s.slice(0, 20))).toBe(reference(salt, s));
  });

  it('give the marker its documented shape', () => {
    const tag = createTagger(Buffer.from('k'))('x'.repeat(10));
    expect(marker('GITHUB', tag)).toMatch(/^\[REDACTED_GITHUB_KEY_[0-9a-f]{8}\]$/);
  });
});
