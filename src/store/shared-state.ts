/**
 * The little cross-request state the API keeps, as gateway replicas must share it (issue 28):
 * passport nonces (replay protection, SPEC 2.6) and rate-limit token buckets. One implementation
 * talks to Redis (./redis-state.ts); without one, the passport verifier and the rate limiter keep
 * their state in the process as before.
 */

export type NonceClaim = 'fresh' | 'replayed';

export interface SharedBucket {
  readonly allowed: boolean;
  /** Tokens left after this request (fractional). */
  readonly tokens: number;
}

export interface SharedBucketRequest {
  readonly key: string;
  readonly capacity: number;
  readonly refillPerSecond: number;
}

export interface SharedState {
  /** False while the store cannot be reached: callers then fail closed or fall back without waiting. */
  readonly available: boolean;
  /**
   * Claim `key` for `ttlMs`: 'fresh' the first time, 'replayed' while an earlier claim lives. One
   * atomic set-if-absent. Rejects when the store does not answer (the caller fails closed).
   */
  claimNonce(key: string, ttlMs: number): Promise<NonceClaim>;
  /**
   * Take one token from the bucket `key` (`capacity` burst, `refillPerSecond`), refilled and taken in
   * one atomic server-side step on the store's clock. Rejects when the store does not answer.
   */
  takeToken(key: string, capacity: number, refillPerSecond: number): Promise<SharedBucket>;
  /**
   * A passport check's state in one round trip: claim the nonce and, when it is fresh and `bucket` is
   * given, take a token from that bucket (so a replayed request never spends a token).
   */
  claimNonceAndTake(
    nonceKey: string,
    ttlMs: number,
    bucket: SharedBucketRequest | undefined,
  ): Promise<{ readonly nonce: NonceClaim; readonly bucket?: SharedBucket }>;
  close(): Promise<void>;
}
