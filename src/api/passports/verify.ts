/**
 * The passport check of /validate (SPEC 2.6; threat class 'replay'): the passport must be in the
 * passkey file, the request signed by its key with a fresh timestamp and an unused nonce, the tool
 * among the passport's tools, and the identity within its token bucket. Checks run in that order;
 * the rate limit counts only authentic requests, so a forger cannot drain someone else's bucket.
 *
 * Gateway replicas share nonces through the shared store (issue 28): a request accepted by one
 * replica is refused as `replayed` by every other. When the store cannot answer, the check fails
 * closed as `replay_store_unavailable`: a nonce no replica can record could be replayed to another.
 */
import { KeyRing } from '../../receipts/index.js';
import type { SharedState } from '../../store/shared-state.js';
import type { RateLimiter, TakeResult } from '../rate-limit.js';
import { NonceCache, type NonceOutcome } from './nonce-cache.js';
import { parsePassport, type PasskeyRegistry } from '../../passkeys/passkey-file.js';
import { passportMessage } from './signing.js';

export type PassportReason =
  | 'authorized'
  | 'unknown_passport'
  | 'unsigned'
  | 'bad_signature'
  | 'expired'
  | 'replayed'
  | 'tool_not_allowed'
  | 'rate_limited'
  | 'replay_cache_full'
  | 'replay_store_unavailable';

export interface PassportRequestFields {
  readonly agent_passport: string;
  readonly action: string;
  readonly tool_name: string;
}

export interface PassportHeaders {
  readonly timestamp?: string | undefined;
  readonly nonce?: string | undefined;
  readonly signature?: string | undefined;
}

export interface PassportResult {
  readonly authorized: boolean;
  readonly reason: PassportReason;
  readonly identity: string;
  readonly rateLimitRemaining: number;
  readonly attestationTimestamp: number;
  /** Present when the bucket was consulted (headers for the response). */
  readonly rate?: TakeResult;
}

const NONCE = /^[A-Za-z0-9_-]{16,128}$/;
const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^(?:ed25519:)?([0-9a-fA-F]{128})$/;

export interface PassportVerifierOptions {
  readonly registry: PasskeyRegistry;
  readonly limiter: RateLimiter;
  /** Validity window in seconds: timestamp skew allowed either way, and how long nonces are kept. */
  readonly maxAgeS: number;
  readonly nonceCacheEntries: number;
  readonly now?: () => number;
  /** Nonces shared by all replicas; without it this process remembers its own. */
  readonly shared?: SharedState;
}

export class PassportVerifier {
  readonly #options: PassportVerifierOptions;
  readonly #nonces: NonceCache;
  readonly #ring = new KeyRing();
  readonly #keyIds = new Map<string, string>();
  readonly #now: () => number;

  constructor(options: PassportVerifierOptions) {
    this.#options = options;
    this.#nonces = new NonceCache(options.nonceCacheEntries);
    this.#now = options.now ?? Date.now;
  }

  /** Synchronous without a shared store; with one, a promise (one store round trip for the nonce). */
  check(
    body: PassportRequestFields,
    headers: PassportHeaders,
    fullBody: unknown,
  ): PassportResult | Promise<PassportResult> {
    const nowMs = this.#now();
    const nowS = Math.floor(nowMs / 1000);
    const refuse = (reason: PassportReason, rate?: TakeResult): PassportResult => ({
      authorized: false,
      reason,
      identity: body.agent_passport,
      rateLimitRemaining: rate ? rate.remaining : 0,
      attestationTimestamp: nowS,
      ...(rate ? { rate } : {}),
    });

    const parsed = parsePassport(body.agent_passport);
    const entry = parsed ? this.#options.registry.lookup(body.agent_passport) : undefined;
    if (!parsed || !entry) return refuse('unknown_passport');
    const { timestamp, nonce, signature } = headers;
    if (timestamp === undefined || nonce === undefined || signature === undefined) return refuse('unsigned');
    const sig = SIGNATURE.exec(signature)?.[1];
    if (!TIMESTAMP.test(timestamp) || !NONCE.test(nonce) || !sig) return refuse('bad_signature');
    const ts = Number(timestamp);
    if (Math.abs(nowS - ts) > this.#options.maxAgeS) return refuse('expired');

    const keyId = this.#keyId(entry.public_key);
    const message = passportMessage(timestamp, nonce, fullBody);
    if (!this.#ring.verify(keyId, Buffer.from(sig, 'hex'), message)) return refuse('bad_signature');

    // Remember the nonce until the timestamp itself would be refused as expired.
    const nonceKey = `${entry.public_key}:${nonce}`;
    const toolAllowed = entry.tools.includes(body.tool_name) || entry.tools.includes('*');
    const expiresMs = (ts + this.#options.maxAgeS + 1) * 1000;
    const afterNonce = (outcome: NonceOutcome): PassportResult | Promise<PassportResult> => {
      if (outcome === 'replayed') return refuse('replayed');
      if (outcome === 'full') return refuse('replay_cache_full');
      if (!toolAllowed) return refuse('tool_not_allowed');
      const rate = this.#options.limiter.take(`passport:${entry.public_key}`);
      return rate instanceof Promise ? rate.then(afterRate) : afterRate(rate);
    };
    const afterRate = (rate: TakeResult): PassportResult => {
      if (!rate.allowed) return refuse('rate_limited', rate);
      return {
        authorized: true,
        reason: 'authorized',
        identity: body.agent_passport,
        rateLimitRemaining: rate.remaining,
        attestationTimestamp: nowS,
        rate,
      };
    };

    const shared = this.#options.shared;
    if (!shared) return afterNonce(this.#nonces.remember(nonceKey, expiresMs, nowMs));
    if (!shared.available) return refuse('replay_store_unavailable');
    // One round trip: the nonce and (for an allowed tool) the passport's bucket in one script.
    const { limiter } = this.#options;
    const bucketKey = `passport:${entry.public_key}`;
    const takes = toolAllowed && limiter.enabled;
    const bucket = takes
      ? {
          key: bucketKey,
          capacity: limiter.settings.capacity,
          refillPerSecond: limiter.settings.refillPerSecond,
        }
      : undefined;
    return shared.claimNonceAndTake(nonceKey, expiresMs - nowMs, bucket).then(
      (state) => {
        if (state.nonce === 'replayed') return refuse('replayed');
        if (!toolAllowed) return refuse('tool_not_allowed');
        // Rate limiting off: the limiter answers at once, without the store.
        if (!state.bucket) return afterRate(limiter.take(bucketKey) as TakeResult);
        return afterRate(limiter.resultOf(state.bucket.allowed, state.bucket.tokens));
      },
      () => refuse('replay_store_unavailable'),
    );
  }

  #keyId(publicKeyHex: string): string {
    let id = this.#keyIds.get(publicKeyHex);
    if (id === undefined) {
      id = this.#ring.add(KeyRing.publicKeyFromHex(publicKeyHex));
      this.#keyIds.set(publicKeyHex, id);
    }
    return id;
  }
}
