import { describe, expect, it } from 'vitest';
import { splitAtMember } from '../../src/api/json-pieces.js';

describe('splitAtMember', () => {
  it('splits around the member, not around the same text inside a string value', () => {
    const answer = { note: ',"latency_us":1.5,"x":', latency_us: 1.5, engine_version: '0.1.0' };
    const [head, tail] = splitAtMember(JSON.stringify(answer), 'latency_us', 1.5);
    expect(JSON.parse(`${head}2.25${tail}`)).toEqual({ ...answer, latency_us: 2.25 });
  });

  it('throws when the member is not there', () => {
    expect(() => splitAtMember('{"a":1,"b":2}', 'c', 3)).toThrow(/member c not found/);
  });
});
