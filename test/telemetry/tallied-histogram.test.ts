import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { talliedHistogram } from '../../src/telemetry/tallied-histogram.js';

const BUCKETS = [1e-4, 2.5e-4, 5e-4, 1e-3, 0.01, 0.1, 1];

/** The exposition lines of one metric, with its name normalised so two registries can be compared. */
async function exposition(registry: Registry, name: string): Promise<string[]> {
  const text = await registry.metrics();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .map((line) => line.replace(name, 'm'))
    .sort();
}

describe('talliedHistogram', () => {
  it('exposes exactly what a prom-client histogram fed the same values exposes (differential)', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const tally = talliedHistogram(ours, 'ours_seconds', 'h', ['endpoint'], BUCKETS);
    const reference = new Histogram({
      name: 'theirs_seconds',
      help: 'h',
      labelNames: ['endpoint'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    let seed = 7;
    const next = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = [0, 1e-4, 2.5e-4, 0.00025000001, 1, 5, ...Array.from({ length: 500 }, () => next() ** 4)];
    for (const [i, value] of values.entries()) {
      const endpoint = ['validate', 'sanitize', 'gate'][i % 3]!;
      tally.observe(value, endpoint);
      reference.observe({ endpoint }, value);
    }
    expect(await exposition(ours, 'ours_seconds')).toEqual(await exposition(theirs, 'theirs_seconds'));
    // Read again after more values: the same, not doubled.
    tally.observe(0.003, 'gate');
    reference.observe({ endpoint: 'gate' }, 0.003);
    expect(await exposition(ours, 'ours_seconds')).toEqual(await exposition(theirs, 'theirs_seconds'));
  });

  it('drops non-finite values instead of corrupting the sum', async () => {
    const registry = new Registry();
    const tally = talliedHistogram(registry, 'nf_seconds', 'h', ['k'], BUCKETS);
    tally.observe(Number.NaN, 'a');
    tally.observe(Number.POSITIVE_INFINITY, 'a');
    tally.observe(0.002, 'a');
    const text = await registry.metrics();
    expect(text).toContain('nf_seconds_count{k="a"} 1');
    expect(text).toContain('nf_seconds_sum{k="a"} 0.002');
  });

  it('a second caller on the same registry shares the histogram', async () => {
    const registry = new Registry();
    talliedHistogram(registry, 'sh_seconds', 'h', ['k'], BUCKETS).observe(0.5, 'a');
    talliedHistogram(registry, 'sh_seconds', 'h', ['k'], BUCKETS).observe(0.5, 'a');
    expect(await registry.metrics()).toContain('sh_seconds_count{k="a"} 2');
  });
});
