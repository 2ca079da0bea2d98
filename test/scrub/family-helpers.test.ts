// The shared gate helpers (counting arrays and bit sets instead of a Map and a Set per call) agree
// with the plain definitions on seeded strings, ASCII and wider.
import { describe, expect, it } from 'vitest';
import { hasVariety, shannonEntropy } from '../../src/scrub/family.js';
import { randomBody } from '../../src/scrub/examples.js';

function entropyByMap(s: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) counts.set(s.charCodeAt(i), (counts.get(s.charCodeAt(i)) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

const ALPHABETS = [
  'ab',
  'abcdefghijklmnop',
  ' !"#$%&()*+,-./0123456789:;<=>?@AZaz{|}~',
  'aé€𝄞b',
  '\u0000\u007f\u0080x',
];

describe('family helpers', () => {
  it('shannonEntropy and hasVariety match their definitions', () => {
    for (let n = 0; n < 3000; n++) {
      const s = randomBody(`fh${n}`, ALPHABETS[n % ALPHABETS.length]!, n % 70);
      expect(shannonEntropy(s)).toBeCloseTo(entropyByMap(s), 9);
      for (const min of [1, 2, 6, 10, 20])
        expect(hasVariety(s, min), `${JSON.stringify(s)} ${min}`).toBe(new Set(s).size >= min);
    }
  });

  it('leaves no state behind between calls', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('ab')).toBe(1);
    expect(shannonEntropy('aaaa')).toBe(0);
  });
});
