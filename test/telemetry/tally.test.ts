import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { talliedCounter } from '../../src/telemetry/tally.js';

function valuesOf(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`));
}

describe('talliedCounter', () => {
  it('publishes the tallied series with their labels when the registry is read', async () => {
    const registry = new Registry();
    const tally = talliedCounter(registry, 'test_requests_total', 'requests', ['endpoint', 'status']);
    for (let i = 0; i < 3; i++) tally.add(1, 'validate', 200);
    tally.add(2, 'gate', 403);
    expect(valuesOf(await registry.metrics(), 'test_requests_total')).toEqual([
      'test_requests_total{endpoint="validate",status="200"} 3',
      'test_requests_total{endpoint="gate",status="403"} 2',
    ]);
  });

  it('reading twice does not double-count, and later additions show up', async () => {
    const registry = new Registry();
    const tally = talliedCounter(registry, 'test_total', 'n', ['k']);
    tally.add(1, 'a');
    await registry.metrics();
    tally.add(1, 'a');
    expect(valuesOf(await registry.metrics(), 'test_total')).toEqual(['test_total{k="a"} 2']);
  });

  it('keeps series with one to four labels apart', async () => {
    const registry = new Registry();
    const four = talliedCounter(registry, 'test_four_total', 'n', ['a', 'b', 'c', 'd']);
    four.add(1, 'x', 'y', 'z', 'w');
    four.add(1, 'x', 'y', 'z', 'v');
    four.add(5, 'x', 'y', 'z', 'w');
    four.add(1, 'x', 'q', 'z', 'w');
    expect(valuesOf(await registry.metrics(), 'test_four_total')).toEqual([
      'test_four_total{a="x",b="y",c="z",d="w"} 6',
      'test_four_total{a="x",b="y",c="z",d="v"} 1',
      'test_four_total{a="x",b="q",c="z",d="w"} 1',
    ]);
    expect(() => talliedCounter(registry, 'test_five_total', 'n', ['a', 'b', 'c', 'd', 'e'])).toThrow(
      RangeError,
    );
  });

  it('a second caller on the same registry shares the counter and its tally', async () => {
    const registry = new Registry();
    talliedCounter(registry, 'test_shared_total', 'n', ['k']).add(1, 'a');
    talliedCounter(registry, 'test_shared_total', 'n', ['k']).add(1, 'a');
    expect(valuesOf(await registry.metrics(), 'test_shared_total')).toEqual(['test_shared_total{k="a"} 2']);
  });
});
