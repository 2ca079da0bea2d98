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
    for (let i = 0; i < 3; i++) tally.add('validate|200', () => ({ endpoint: 'validate', status: '200' }));
    tally.add('gate|403', () => ({ endpoint: 'gate', status: '403' }), 2);
    expect(valuesOf(await registry.metrics(), 'test_requests_total')).toEqual([
      'test_requests_total{endpoint="validate",status="200"} 3',
      'test_requests_total{endpoint="gate",status="403"} 2',
    ]);
  });

  it('reading twice does not double-count, and later additions show up', async () => {
    const registry = new Registry();
    const tally = talliedCounter(registry, 'test_total', 'n', ['k']);
    tally.add('a', () => ({ k: 'a' }));
    await registry.metrics();
    tally.add('a', () => ({ k: 'a' }));
    expect(valuesOf(await registry.metrics(), 'test_total')).toEqual(['test_total{k="a"} 2']);
  });

  it('builds the label object once per series', () => {
    const registry = new Registry();
    const tally = talliedCounter(registry, 'test_once_total', 'n', ['k']);
    let built = 0;
    for (let i = 0; i < 5; i++)
      tally.add('a', () => {
        built++;
        return { k: 'a' };
      });
    expect(built).toBe(1);
  });

  it('a second caller on the same registry shares the counter and its tally', async () => {
    const registry = new Registry();
    talliedCounter(registry, 'test_shared_total', 'n', ['k']).add('a', () => ({ k: 'a' }));
    talliedCounter(registry, 'test_shared_total', 'n', ['k']).add('a', () => ({ k: 'a' }));
    expect(valuesOf(await registry.metrics(), 'test_shared_total')).toEqual(['test_shared_total{k="a"} 2']);
  });
});
