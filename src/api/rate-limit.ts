/**
 * Per-identity token buckets: `capacity` requests of burst, refilled at `refillPerSecond`. The map
 * of buckets is bounded (least recently used evicted); an evicted identity starts over with a full
 * bucket, which only ever errs towards the configured allowance. Headers follow the IETF
 * RateLimit header fields draft (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` and
 * `RateLimit`, plus RFC 9110 `Retry-After` on 429.
 *
 * With a shared store (Redis, issue 28) every replica takes from one bucket per identity, in one
 * atomic store operation per request; `take` then answers with a promise. When the store cannot
 * answer, the request is counted on this process's own bucket (a replica then allows up to its own
 * allowance: the limit degrades, the API keeps answering) and `onLocalFallback` is told.
 */
import type { SharedState } from '../store/shared-state.js';

export interface RateLimitSettings {
  readonly enabled: boolean;
  readonly capacity: number;
  readonly refillPerSecond: number;
}

export interface TakeResult {
  readonly allowed: boolean;
  /** Whole tokens left after this request. */
  readonly remaining: number;
  /** Seconds until one token is available again (0 when some are left). */
  readonly retryAfterS: number;
  /** Seconds until the bucket is full again. */
  readonly resetS: number;
}

export interface RateLimiterOptions {
  readonly maxIdentities?: number;
  readonly now?: () => number;
  /** Buckets shared by all replicas; without it each process keeps its own. */
  readonly shared?: SharedState;
  /** Called once per request counted locally because the shared store did not answer. */
  readonly onLocalFallback?: () => void;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  readonly #settings: RateLimitSettings;
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxIdentities: number;
  readonly #now: () => number;
  readonly #shared: SharedState | undefined;
  readonly #onLocalFallback: (() => void) | undefined;
  readonly policyHeader: string;

  constructor(settings: RateLimitSettings, options: RateLimiterOptions = {}) {
    this.#settings = settings;
    this.#maxIdentities = options.maxIdentities ?? 10_000;
    this.#now = options.now ?? Date.now;
    this.#shared = options.shared;
    this.#onLocalFallback = options.onLocalFallback;
    const window = Math.max(1, Math.ceil(settings.capacity / settings.refillPerSecond));
    this.policyHeader = `"burst";q=${settings.capacity};w=${window}`;
  }

  get enabled(): boolean {
    return this.#settings.enabled;
  }

  get settings(): RateLimitSettings {
    return this.#settings;
  }

  /** Synchronous without a shared store (the common sidecar path stays promise-free). */
  take(identity: string): TakeResult | Promise<TakeResult> {
    const { capacity, refillPerSecond } = this.#settings;
    if (!this.#settings.enabled) return { allowed: true, remaining: capacity, retryAfterS: 0, resetS: 0 };
    const shared = this.#shared;
    if (!shared) return this.#takeLocal(identity);
    if (!shared.available) return this.#fallBack(identity);
    return shared.takeToken(identity, capacity, refillPerSecond).then(
      (bucket) => this.resultOf(bucket.allowed, bucket.tokens),
      () => this.#fallBack(identity),
    );
  }

  #fallBack(identity: string): TakeResult {
    this.#onLocalFallback?.();
    return this.#takeLocal(identity);
  }

  #takeLocal(identity: string): TakeResult {
    const { capacity, refillPerSecond } = this.#settings;
    const now = this.#now();
    let bucket = this.#buckets.get(identity);
    if (bucket) {
      this.#buckets.delete(identity); // re-insert below: Map order is the LRU order
      bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedMs) / 1000) * refillPerSecond);
      bucket.updatedMs = now;
    } else {
      bucket = { tokens: capacity, updatedMs: now };
      if (this.#buckets.size >= this.#maxIdentities) {
        const oldest = this.#buckets.keys().next().value;
        if (oldest !== undefined) this.#buckets.delete(oldest);
      }
    }
    this.#buckets.set(identity, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return this.resultOf(allowed, bucket.tokens);
  }

  /** The answer for a bucket holding `tokens` after this request (also for a bucket taken elsewhere). */
  resultOf(allowed: boolean, tokens: number): TakeResult {
    const { capacity, refillPerSecond } = this.#settings;
    const remaining = Math.max(0, Math.floor(tokens));
    const retryAfterS = allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / refillPerSecond));
    const resetS = Math.max(0, Math.ceil((capacity - tokens) / refillPerSecond));
    return { allowed, remaining, retryAfterS, resetS };
  }

  /** Response headers describing the caller's quota after `take`. */
  headers(result: TakeResult): Record<string, string> {
    return {
      'ratelimit-policy': this.policyHeader,
      ratelimit: `"burst";r=${result.remaining};t=${result.allowed ? result.resetS : result.retryAfterS}`,
    };
  }
}
