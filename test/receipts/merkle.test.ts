// RFC 6962 Merkle Tree Hash: domain separation and the odd-leaf split.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leafHash, merkleRoot, nodeHash } from '../../src/receipts/index.js';

const sha = (...parts: Uint8Array[]): string =>
  createHash('sha256').update(Buffer.concat(parts)).digest('hex');
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const d = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('merkleRoot', () => {
  it('hashes a leaf with a 0x00 prefix and a node with 0x01', () => {
    expect(hex(leafHash(d('a')))).toBe(sha(Uint8Array.of(0), d('a')));
    const l = leafHash(d('a'));
    const r = leafHash(d('b'));
    expect(hex(nodeHash(l, r))).toBe(sha(Uint8Array.of(1), l, r));
  });

  it('the RFC 6962 empty-string leaf hash', () => {
    // SHA-256(0x00), the hash of an empty leaf in RFC 6962 / Certificate Transparency test data.
    expect(hex(leafHash(new Uint8Array(0)))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
  });

  const L = ['0', '1', '2', '3', '4', '5', '6'].map((s) => leafHash(d(s)));
  const N = nodeHash;
  it.each([
    [1, L[0]!],
    [2, N(L[0]!, L[1]!)],
    [3, N(N(L[0]!, L[1]!), L[2]!)],
    [5, N(N(N(L[0]!, L[1]!), N(L[2]!, L[3]!)), L[4]!)],
    [7, N(N(N(L[0]!, L[1]!), N(L[2]!, L[3]!)), N(N(L[4]!, L[5]!), L[6]!))],
  ])('splits %i leaves at the largest power of two below n, never duplicating', (n, want) => {
    const leaves = Array.from({ length: n }, (_, i) => d(String(i)));
    expect(hex(merkleRoot(leaves))).toBe(hex(want));
  });

  it('a duplicated last leaf gives a different root (no CVE-2012-2459 ambiguity)', () => {
    const three = [d('0'), d('1'), d('2')];
    expect(hex(merkleRoot(three))).not.toBe(hex(merkleRoot([...three, d('2')])));
  });

  it('refuses an empty list', () => {
    expect(() => merkleRoot([])).toThrow(RangeError);
  });
});
