import { describe, expect, it } from 'vitest';
import { extend } from '../../src/engine/extend.js';

// extend() must build exactly what the spread it replaces builds: same keys, order and values.
const CASES: { name: string; base: object; extra: object }[] = [
  { name: 'adds a property', base: { parts: null, dynamic: true, sources: [] }, extra: { ref: 'json' } },
  { name: 'overwrites a property in place', base: { a: 1, ref: 'x', b: 2 }, extra: { ref: 'y' } },
  { name: 'adds several', base: { a: 1 }, extra: { module: true, unresolved: true } },
  { name: 'keeps an undefined value', base: { a: 1 }, extra: { peer: undefined } },
  { name: 'empty extra', base: { a: 1, b: [2] }, extra: {} },
  { name: 'frozen base', base: Object.freeze({ a: 1 }), extra: { b: 2 } },
];

describe('extend', () => {
  it.each(CASES)('$name', ({ base, extra }) => {
    const out = extend(base, extra);
    const spread = { ...base, ...extra };
    expect(out).toStrictEqual(spread);
    expect(Object.keys(out)).toEqual(Object.keys(spread));
    expect(out).not.toBe(base);
    expect(Object.isFrozen(out)).toBe(false);
  });

  it('leaves its arguments alone', () => {
    const base = { a: 1 };
    const extra = { b: 2 };
    extend(base, extra);
    expect(base).toEqual({ a: 1 });
    expect(extra).toEqual({ b: 2 });
  });
});
