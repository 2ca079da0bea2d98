/**
 * Metrics of the shared-state store (src/store, issue 28); names in metric-names.ts. Get-or-create on
 * the registry, like the API's set, so two components asking share the instances.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { METRIC } from './metric-names.js';

/** A loopback round trip is ~0.1 ms; the command timeout defaults to 250 ms. */
const REDIS_BUCKETS = [5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export type RedisOperation = 'nonce' | 'bucket' | 'passport';
export type RedisErrorReason = 'unavailable' | 'timeout' | 'error';

export interface RedisMetrics {
  readonly commandDuration: Histogram<'operation'>;
  readonly errors: Counter<'operation' | 'reason'>;
  readonly connected: Gauge;
  readonly localFallback: Counter;
}

function getOr<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export function redisMetrics(registry: Registry): RedisMetrics {
  const registers = [registry];
  return {
    commandDuration: getOr(
      registry,
      METRIC.redisCommandDurationSeconds,
      () =>
        new Histogram({
          name: METRIC.redisCommandDurationSeconds,
          help: 'Redis command round trips in seconds',
          labelNames: ['operation'],
          buckets: REDIS_BUCKETS,
          registers,
        }),
    ),
    errors: getOr(
      registry,
      METRIC.redisErrorsTotal,
      () =>
        new Counter({
          name: METRIC.redisErrorsTotal,
          help: 'Redis commands that failed or timed out',
          labelNames: ['operation', 'reason'],
          registers,
        }),
    ),
    connected: getOr(
      registry,
      METRIC.redisConnected,
      () =>
        new Gauge({ name: METRIC.redisConnected, help: '1 while the Redis connection is ready', registers }),
    ),
    localFallback: getOr(
      registry,
      METRIC.rateLimitLocalFallbackTotal,
      () =>
        new Counter({
          name: METRIC.rateLimitLocalFallbackTotal,
          help: "Rate-limit decisions taken on this replica's own bucket because Redis could not answer",
          registers,
        }),
    ),
  };
}
