// The Redis shared state (issue 28) against a real redis-server: nonces claimed once across clients,
// one atomic token bucket across clients, fail-fast while Redis is down, recovery when it returns.
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/api/rate-limit.js';
import { RedisState } from '../../src/store/redis-state.js';
import { METRIC } from '../../src/telemetry/metric-names.js';
import { redisMetrics } from '../../src/telemetry/redis-metrics.js';
import { RedisServer } from '../support/redis-server.js';

const silent = { info: () => undefined, warn: () => undefined, debug: () => undefined };

let redis: RedisServer;
const opened: RedisState[] = [];

function client(registry = new Registry(), prefix = 'test:'): RedisState {
  const state = new RedisState({
    url: redis.url,
    keyPrefix: prefix,
    commandTimeoutMs: 500,
    connectTimeoutMs: 1000,
    metrics: redisMetrics(registry),
    logger: silent,
  });
  opened.push(state);
  return state;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function metricValue(registry: Registry, name: string): Promise<number> {
  const metric = await registry.getSingleMetric(name)?.get();
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

beforeAll(async () => {
  redis = await RedisServer.start();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await redis.stop();
});

describe('RedisState', () => {
  it('claims a nonce once across two clients (replicas), until it expires', async () => {
    const a = client();
    const b = client();
    expect(await a.waitReady(5000)).toBe(true);
    expect(await b.waitReady(5000)).toBe(true);
    expect(await a.claimNonce('k1:nonce-a', 60_000)).toBe('fresh');
    expect(await b.claimNonce('k1:nonce-a', 60_000)).toBe('replayed');
    expect(await a.claimNonce('k1:nonce-a', 60_000)).toBe('replayed');
    expect(await b.claimNonce('k1:nonce-b', 60_000)).toBe('fresh');
    expect(await a.claimNonce('k1:short', 50)).toBe('fresh');
    await new Promise((r) => setTimeout(r, 120));
    expect(await b.claimNonce('k1:short', 50)).toBe('fresh');
  });

  it('keeps deployments apart by key prefix', async () => {
    const a = client(new Registry(), 'one:');
    const b = client(new Registry(), 'two:');
    await Promise.all([a.waitReady(5000), b.waitReady(5000)]);
    expect(await a.claimNonce('same', 60_000)).toBe('fresh');
    expect(await b.claimNonce('same', 60_000)).toBe('fresh');
  });

  it('hands out exactly the capacity from one bucket under concurrent takes from two clients', async () => {
    const a = client();
    const b = client();
    await Promise.all([a.waitReady(5000), b.waitReady(5000)]);
    const takes = Array.from({ length: 60 }, (_, i) =>
      (i % 2 === 0 ? a : b).takeToken('bucket-1', 10, 0.001),
    );
    const results = await Promise.all(takes);
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    // Another identity has its own bucket.
    expect((await a.takeToken('bucket-2', 10, 0.001)).allowed).toBe(true);
  });

  it('claims a nonce and takes a token in one round trip; a replay spends no token', async () => {
    const a = client();
    const b = client();
    await Promise.all([a.waitReady(5000), b.waitReady(5000)]);
    const bucket = { key: 'passport-bucket', capacity: 2, refillPerSecond: 0.001 };
    expect(await a.claimNonceAndTake('p:n1', 60_000, bucket)).toEqual({
      nonce: 'fresh',
      bucket: { allowed: true, tokens: 1 },
    });
    expect(await b.claimNonceAndTake('p:n1', 60_000, bucket)).toEqual({ nonce: 'replayed' });
    expect(await b.claimNonceAndTake('p:n2', 60_000, undefined)).toEqual({ nonce: 'fresh' });
    const third = await b.claimNonceAndTake('p:n3', 60_000, bucket);
    expect(third.bucket?.allowed).toBe(true);
    expect(third.bucket?.tokens).toBeCloseTo(0, 1);
    const fourth = await a.claimNonceAndTake('p:n4', 60_000, bucket);
    expect(fourth).toMatchObject({ nonce: 'fresh', bucket: { allowed: false } });
  });

  it('refills the shared bucket at the configured rate (server clock)', async () => {
    const a = client();
    await a.waitReady(5000);
    expect((await a.takeToken('refill', 1, 20)).allowed).toBe(true);
    expect((await a.takeToken('refill', 1, 20)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 120)); // 20/s: one token per 50 ms
    expect((await a.takeToken('refill', 1, 20)).allowed).toBe(true);
  });

  it('fails fast while Redis is down, counts it, and recovers when Redis returns', async () => {
    const registry = new Registry();
    const a = client(registry);
    await a.waitReady(5000);
    expect(await metricValue(registry, METRIC.redisConnected)).toBe(1);
    await redis.stop();
    await until(() => !a.available, 'the client to notice');
    expect(await metricValue(registry, METRIC.redisConnected)).toBe(0);
    await expect(a.claimNonce('down', 60_000)).rejects.toThrow();
    await expect(a.takeToken('down', 5, 1)).rejects.toThrow();
    expect(await metricValue(registry, METRIC.redisErrorsTotal)).toBeGreaterThanOrEqual(2);

    // A limiter on the store falls back to this process's bucket and says so.
    let fallbacks = 0;
    const limiter = new RateLimiter(
      { enabled: true, capacity: 2, refillPerSecond: 0.001 },
      { shared: a, onLocalFallback: () => fallbacks++ },
    );
    const local = await Promise.all([limiter.take('x'), limiter.take('x'), limiter.take('x')]);
    expect(local.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(fallbacks).toBe(3);

    await redis.restart();
    await until(() => a.available, 'the client to reconnect');
    expect(await a.claimNonce('back', 60_000)).toBe('fresh');
    // The bucket script is loaded again on the fresh server (NOSCRIPT is handled).
    expect((await a.takeToken('after-restart', 3, 1)).allowed).toBe(true);
    expect(await metricValue(registry, METRIC.redisConnected)).toBe(1);
  }, 30_000);
});
