/**
 * SharedState on Redis or Valkey through ioredis (issue 28, docs/redis.md). One connection per
 * process, multiplexed: ioredis pipelines concurrent commands on it, which is what a pool would give
 * for commands this short. Commands never queue while the connection is down (`enableOfflineQueue:
 * false`) and time out after `commandTimeoutMs`, so a request waits at most one round trip or one
 * timeout, never for a reconnect. Reconnects back off (50 ms doubling to 2 s) and never stop.
 *
 * Keys: `<prefix>nonce:<key>` (string, PX expiry) and `<prefix>rl:<key>` (hash of tokens `t` and
 * last update `u` in ms, PEXPIRE once the bucket would be full again). The URL holds the password:
 * it is never logged.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { Logger } from '../telemetry/logger.js';
import type { RedisErrorReason, RedisMetrics, RedisOperation } from '../telemetry/redis-metrics.js';
import type { NonceClaim, SharedBucket, SharedState } from './shared-state.js';

export interface RedisStateOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly metrics: RedisMetrics;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'debug'>;
}

/**
 * The token bucket, refilled and taken in one script run (atomic: no read-modify-write race between
 * replicas). Time is the server's (TIME), so replicas with skewed clocks share one notion of refill.
 * Returns {allowed (0/1), tokens left as a string} (Lua numbers would be truncated to integers).
 */
const TAKE_TOKEN = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local saved = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(saved[1])
local updated = tonumber(saved[2])
if tokens == nil or updated == nil then
  tokens = capacity
  updated = now
end
if now > updated then tokens = math.min(capacity, tokens + (now - updated) / 1000 * rate) end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate * 1000) + 1000)
return {allowed, tostring(tokens)}
`;
const TAKE_TOKEN_SHA = createHash('sha1').update(TAKE_TOKEN).digest('hex');

function reasonOf(err: unknown): RedisErrorReason {
  const message = err instanceof Error ? err.message : '';
  if (/timed out/i.test(message)) return 'timeout';
  if (/offline queue|connection is closed|stream isn't writeable|not connected/i.test(message))
    return 'unavailable';
  return 'error';
}

export class RedisState implements SharedState {
  readonly #redis: Redis;
  readonly #options: RedisStateOptions;
  #ready = false;
  /** Whether the last transition was logged as an outage (one warning per outage, not per retry). */
  #down = false;
  #closed = false;

  constructor(options: RedisStateOptions) {
    this.#options = options;
    this.#redis = new Redis(options.url, {
      connectTimeout: options.connectTimeoutMs,
      commandTimeout: options.commandTimeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), 2000),
      // The URL may name a database and a password; ioredis reads both from it.
      lazyConnect: false,
    });
    options.metrics.connected.set(0);
    this.#redis.on('ready', () => this.#onReady());
    this.#redis.on('close', () => this.#onDown('connection closed'));
    // An error event without a listener would be printed by ioredis; the outage is logged on close.
    this.#redis.on('error', (err: Error) => options.logger.debug({ reason: err.message }, 'redis error'));
  }

  get available(): boolean {
    return this.#ready;
  }

  /** Resolves once connected, or false after `timeoutMs` (start-up waits, but never fails, on it). */
  waitReady(timeoutMs: number): Promise<boolean> {
    if (this.#ready) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#redis.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      const onReady = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#redis.once('ready', onReady);
    });
  }

  async claimNonce(key: string, ttlMs: number): Promise<NonceClaim> {
    const set = await this.#timed('nonce', () =>
      this.#redis.set(
        `${this.#options.keyPrefix}nonce:${key}`,
        '1',
        'PX',
        Math.max(1, Math.ceil(ttlMs)),
        'NX',
      ),
    );
    return set === 'OK' ? 'fresh' : 'replayed';
  }

  async takeToken(key: string, capacity: number, refillPerSecond: number): Promise<SharedBucket> {
    const redisKey = `${this.#options.keyPrefix}rl:${key}`;
    const args = [String(capacity), String(refillPerSecond)];
    const reply = await this.#timed('bucket', async () => {
      try {
        return await this.#redis.evalsha(TAKE_TOKEN_SHA, 1, redisKey, ...args);
      } catch (err) {
        // First use on this server (or after a SCRIPT FLUSH): send the script itself once.
        if (err instanceof Error && err.message.startsWith('NOSCRIPT'))
          return this.#redis.eval(TAKE_TOKEN, 1, redisKey, ...args);
        throw err;
      }
    });
    if (!Array.isArray(reply) || reply.length !== 2)
      throw new Error('unexpected reply from the bucket script');
    return { allowed: Number(reply[0]) === 1, tokens: Number(reply[1]) };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#ready = false;
    this.#options.metrics.connected.set(0);
    try {
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }

  async #timed<T>(operation: RedisOperation, run: () => Promise<T>): Promise<T> {
    const { metrics } = this.#options;
    if (!this.#ready) {
      metrics.errors.inc({ operation, reason: 'unavailable' });
      throw new Error('redis is not connected');
    }
    const t0 = performance.now();
    try {
      const out = await run();
      metrics.commandDuration.observe({ operation }, (performance.now() - t0) / 1000);
      return out;
    } catch (err) {
      metrics.errors.inc({ operation, reason: reasonOf(err) });
      throw err;
    }
  }

  #onReady(): void {
    this.#ready = true;
    this.#options.metrics.connected.set(1);
    if (this.#down) {
      this.#down = false;
      this.#options.logger.info('redis reachable again: passport nonces and rate limits are shared again');
    }
  }

  #onDown(why: string): void {
    this.#ready = false;
    this.#options.metrics.connected.set(0);
    if (this.#closed || this.#down) return;
    this.#down = true;
    this.#options.logger.warn(
      { reason: why },
      'redis unreachable: passport checks fail closed and rate limits fall back to this replica until it returns',
    );
  }
}
