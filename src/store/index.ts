/** The shared-state store for gateway replicas (issue 28): Redis when configured, else none. */
import type { Registry } from 'prom-client';
import type { RedisConfig } from '../config/sections/redis.js';
import type { Logger } from '../telemetry/logger.js';
import { redisMetrics } from '../telemetry/redis-metrics.js';
import type { RedisState } from './redis-state.js';

export type { SharedState, NonceClaim, SharedBucket, SharedBucketRequest } from './shared-state.js';
export type { RedisState } from './redis-state.js';

/**
 * A connected-or-connecting store, or undefined without `redis.url` (state stays in the process).
 * The Redis client is loaded only then: a sidecar never pays for it at start-up.
 */
export async function createSharedState(
  config: RedisConfig,
  deps: { registry: Registry; logger: Logger },
): Promise<RedisState | undefined> {
  if (config.url === undefined) return undefined;
  const { RedisState } = await import('./redis-state.js');
  return new RedisState({
    url: config.url,
    keyPrefix: config.keyPrefix,
    commandTimeoutMs: config.commandTimeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    metrics: redisMetrics(deps.registry),
    logger: deps.logger,
  });
}
