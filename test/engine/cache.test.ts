import { beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, DecisionCache, DIRECT_KEY_MAX_CHARS } from '../../src/engine/cache.js';
import type { Engine } from '../../src/engine/engine.js';
import { RULES } from '../../src/engine/invariants/registry.js';
import { isRuntime, type Decision } from '../../src/engine/types.js';
import { testEngine } from '../helpers/engine.js';

describe('DecisionCache', () => {
  const d = (allowed: boolean) => ({ allowed }) as unknown as Decision;
  it('evicts the least recently used entry', () => {
    const c = new DecisionCache(2);
    c.set('a', d(true));
    c.set('b', d(true));
    c.get('a');
    c.set('c', d(false));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    expect(c.size).toBe(2);
  });
  it('is disabled at size 0', () => {
    const c = new DecisionCache(0);
    c.set('a', d(true));
    expect(c.enabled).toBe(false);
    expect(c.get('a')).toBeUndefined();
  });
  it('keeps an entry hit once per half its capacity of insertions, and evicts one left alone', () => {
    const c = new DecisionCache(8);
    c.set('hot', d(true));
    for (let i = 0; i < 100; i++) {
      c.set(`cold${i}`, d(true));
      if (i % 4 === 3) expect(c.get('hot')).toBeDefined();
    }
    expect(c.get('hot')).toBeDefined();
    expect(c.get('cold0')).toBeUndefined();
    expect(c.size).toBe(8);
  });
  it('keys differ by runtime and text', () => {
    const k = cacheKey('bash', 'ls');
    expect(
      new Set([k, cacheKey('python', 'ls'), cacheKey('bash', 'ls '), cacheKey('bash\u0000ls', '')]).size,
    ).toBe(4);
  });
  it('keys short texts directly and long ones by digest, never alike', () => {
    const short = 'x'.repeat(DIRECT_KEY_MAX_CHARS);
    const long = 'x'.repeat(DIRECT_KEY_MAX_CHARS + 1);
    expect(cacheKey('bash', short)).toContain(short);
    expect(cacheKey('bash', long)).toHaveLength(44); // base64 of 32 bytes
    expect(cacheKey('bash', long)).not.toBe(cacheKey('bash', long + 'y'));
    expect(cacheKey('bash', long)).not.toContain('\u0000');
  });
});

describe('cached decisions equal uncached ones', () => {
  let cached: Engine;
  let uncached: Engine;
  beforeAll(async () => {
    cached = await testEngine();
    uncached = await testEngine({ config: { cacheEntries: 0 } });
  });
  const examples = RULES.flatMap((r) => [...r.examples.deny, ...r.examples.allow]).filter(
    (e) => e.runtime === undefined || isRuntime(e.runtime),
  );
  it(`for all ${examples.length} rule examples`, () => {
    for (const e of examples) {
      const runtime = e.runtime !== undefined && isRuntime(e.runtime) ? e.runtime : 'bash';
      const first = cached.evaluate({ text: e.input, runtime });
      const second = cached.evaluate({ text: e.input, runtime });
      const fresh = uncached.evaluate({ text: e.input, runtime });
      expect(second.cached, e.input).toBe(first.errorCode === undefined);
      expect(second.decision, e.input).toEqual(fresh.decision);
      expect(first.decision, e.input).toEqual(fresh.decision);
    }
    expect(cached.stats().cacheHits).toBeGreaterThan(0);
  });
  it('does not share entries between policies', async () => {
    const audit = await testEngine({ config: { modes: { NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE: 'audit' } } });
    expect(cached.evaluate({ text: 'rm -rf /', runtime: 'bash' }).decision.allowed).toBe(false);
    expect(audit.evaluate({ text: 'rm -rf /', runtime: 'bash' }).decision.allowed).toBe(true);
    expect(audit.policy.digest).not.toBe(cached.policy.digest);
  });
});
