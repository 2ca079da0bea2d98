import { describe, expect, it } from 'vitest';
import { memoName } from '../../../src/engine/knowledge/name-memo.js';

describe('memoName', () => {
  it('answers as the function does, computing each name once', () => {
    let calls = 0;
    const f = memoName((name: string) => {
      calls++;
      return name === 'x' ? undefined : name.length;
    });
    expect([f('abc'), f('abc'), f('x'), f('x')]).toEqual([3, 3, undefined, undefined]);
    expect(calls).toBe(2);
  });

  it('stays bounded: past its limit it starts again and still answers right', () => {
    const f = memoName((name: string) => name.toUpperCase());
    for (let i = 0; i < 10_000; i++) expect(f(`n${i}`)).toBe(`N${i}`);
    expect(f('n1')).toBe('N1');
  });
});
