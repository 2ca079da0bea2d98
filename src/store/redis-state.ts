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
import type { NonceClaim, SharedBucket, SharedBucketRequest, SharedState } from './shared-state.js';

export interface RedisStateOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly metrics: RedisMetrics;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'debug'>;
}

/**
 * The token bucket as a Lua function: refilled and taken in one script run (atomic: no
 * read-modify-write race between replicas). Time is the server's (TIME), so replicas with skewed
 * clocks share one notion of refill. Returns {allowed (0/1), tokens left as a string} (Lua numbers
 * in a reply would be truncated to integers).
 */
const BUCKET_LUA = `
local function take(key, capacity, rate)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local saved = redis.call('HMGET', key, 't', 'u')
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
  redis.call('HSET', key, 't', tostring(tokens), 'u', tostring(now))
  redis.call('PEXPIRE', key, math.ceil((capacity - tokens) / rate * 1000) + 1000)
  return {allowed, tostring(tokens)}
end
`;

/** KEYS[1] bucket; ARGV capacity, refill per second. */
const TAKE_TOKEN = `${BUCKET_LUA}
return take(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
`;

/**
 * A passport check's one round trip (issue 28: at most one per request): claim the nonce (set if
 * absent, with expiry) and, when it was fresh and ARGV[2] is 1, take a token from the bucket.
 * KEYS[1] nonce, KEYS[2] bucket; ARGV ttl ms, take (0/1), capacity, refill per second.
 * Returns {fresh (0/1)} or {1, allowed, tokens}.
 */
const CLAIM_AND_TAKE = `${BUCKET_LUA}
if not redis.call('SET', KEYS[1], '1', 'PX', tonumber(ARGV[1]), 'NX') then return {0} end
if ARGV[2] ~= '1' then return {1} end
local r = take(KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4]))
return {1, r[1], r[2]}
`;

interface Script {
  readonly lua: string;
  readonly sha: string;
}

function script(lua: string): Script {
  return { lua, sha: createHash('sha1').update(lua).digest('hex') };
}

const TAKE_TOKEN_SCRIPT = script(TAKE_TOKEN);
const CLAIM_AND_TAKE_SCRIPT = script(CLAIM_AND_TAKE);

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
    const reply = await this.#timed('bucket', () =>
      this.#run(TAKE_TOKEN_SCRIPT, [this.#bucketKey(key)], [String(capacity), String(refillPerSecond)]),
    );
    if (!Array.isArray(reply) || reply.length !== 2)
      throw new Error('unexpected reply from the bucket script');
    return { allowed: Number(reply[0]) === 1, tokens: Number(reply[1]) };
  }

  async claimNonceAndTake(
    nonceKey: string,
    ttlMs: number,
    bucket: SharedBucketRequest | undefined,
  ): Promise<{ readonly nonce: NonceClaim; readonly bucket?: SharedBucket }> {
    const reply = await this.#timed('passport', () =>
      this.#run(
        CLAIM_AND_TAKE_SCRIPT,
        [this.#nonceKey(nonceKey), this.#bucketKey(bucket?.key ?? nonceKey)],
        [
          String(Math.max(1, Math.ceil(ttlMs))),
          bucket ? '1' : '0',
          String(bucket?.capacity ?? 1),
          String(bucket?.refillPerSecond ?? 1),
        ],
      ),
    );
    if (!Array.isArray(reply) || (reply.length !== 1 && reply.length !== 3))
      throw new Error('unexpected reply from the passport script');
    if (Number(reply[0]) !== 1) return { nonce: 'replayed' };
    if (reply.length === 1) return { nonce: 'fresh' };
    return { nonce: 'fresh', bucket: { allowed: Number(reply[1]) === 1, tokens: Number(reply[2]) } };
  }

  #nonceKey(key: string): string {
    return `${this.#options.keyPrefix}nonce:${key}`;
  }

  #bucketKey(key: string): string {
    return `${this.#options.keyPrefix}rl:${key}`;
  }

  /** EVALSHA, and the script itself once when the server does not know it (first use, restart). */
  async #run(s: Script, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await this.#redis.evalsha(s.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('NOSCRIPT'))
        return this.#redis.eval(s.lua, keys.length, ...keys, ...args);
      throw err;
    }
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
