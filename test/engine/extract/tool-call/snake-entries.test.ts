import { describe, expect, it } from 'vitest';
import { snakeEntries, snakeKey } from '../../../../src/engine/extract/tool-call/snake-entries.js';

describe('snakeKey', () => {
  it.each([
    ['maxBytes', 'max_bytes'],
    ['max-bytes', 'max_bytes'],
    ['MAX_BYTES', 'max_bytes'],
    ['HTTPServerName', 'http_server_name'],
  ])('%s reads as %s', (k, want) => expect(snakeKey(k)).toBe(want));
});

describe('snakeEntries', () => {
  const limits = { depth: 5, pairs: 256, items: 32 };
  it('walks objects and arrays depth-first', () => {
    expect(snakeEntries({ Rules: [{ expiration: { Days: 0 } }] }, limits)).toEqual([
      ['rules', [{ expiration: { Days: 0 } }]],
      ['expiration', { Days: 0 }],
      ['days', 0],
    ]);
  });
  it('stops at the depth, pair and item limits', () => {
    expect(snakeEntries({ a: { b: { c: 1 } } }, { ...limits, depth: 1 }).map(([k]) => k)).toEqual(['a', 'b']);
    expect(
      snakeEntries(
        Array.from({ length: 10 }, (_, i) => ({ [`k${i}`]: i })),
        { ...limits, items: 3 },
      ),
    ).toHaveLength(3);
    // Past the pair limit no deeper level is read (the level in hand is finished).
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, { x: i }]));
    const pairs = snakeEntries(wide, { ...limits, pairs: 10 });
    expect(pairs.filter(([k]) => k === 'x').length).toBeLessThanOrEqual(6);
    expect(pairs.filter(([k]) => k.startsWith('k'))).toHaveLength(50);
  });
  it('reads nothing from scalars and null', () => {
    expect(snakeEntries('x', limits)).toEqual([]);
    expect(snakeEntries(null, limits)).toEqual([]);
  });
});
