/**
 * Authentication, passports and per-identity rate limits for the /api/v1 endpoints (SPEC 5, 2.6).
 * Credentials are secrets: the loader never prints them and the API keeps only their SHA-256 hashes.
 */
import { z } from 'zod';
import { setting } from '../setting.js';

const jwtSection = z
  .object({
    issuer: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_JWT_ISSUER',
      description: 'Required `iss` claim of bearer JWTs. Default: not checked.',
    }),
    audience: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_JWT_AUDIENCE',
      description: 'Required `aud` claim of bearer JWTs. Default: not checked.',
    }),
    publicKeys: setting(z.array(z.string().min(1)).default([]), {
      env: 'AGENT_GUARD_JWT_PUBLIC_KEYS',
      description:
        'PEM (SPKI) public keys that may sign bearer JWTs (a JSON array in the environment). Default none.',
    }),
    jwksFile: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_JWT_JWKS_FILE',
      description: 'Path of a JWK Set file whose keys may sign bearer JWTs. Default none.',
    }),
    algorithms: setting(
      z
        .array(z.enum(['EdDSA', 'ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256']))
        .default(['EdDSA', 'ES256', 'RS256']),
      {
        env: 'AGENT_GUARD_JWT_ALGORITHMS',
        description: 'Accepted JWT signature algorithms (comma-separated). Default EdDSA,ES256,RS256.',
      },
    ),
    requireExp: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_JWT_REQUIRE_EXP',
      description:
        'Refuse bearer JWTs without an `exp` claim (a token that never expires is a standing key). Default true.',
    }),
    clockSkewS: setting(z.number().int().min(0).max(600).default(30), {
      env: 'AGENT_GUARD_JWT_CLOCK_SKEW_S',
      description: 'Tolerated clock difference for exp/nbf/iat, in seconds. Default 30.',
    }),
  })
  .strict();

const rateLimitSection = z
  .object({
    enabled: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_RATE_LIMIT_ENABLED',
      description: 'Per-identity token bucket on authenticated /api/v1 calls and passports. Default true.',
    }),
    capacity: setting(z.number().int().min(1).max(1_000_000).default(300), {
      env: 'AGENT_GUARD_RATE_LIMIT_CAPACITY',
      description: 'Bucket size: requests an identity may burst. Default 300 requests.',
    }),
    refillPerSecond: setting(z.number().positive().max(1_000_000).default(50), {
      env: 'AGENT_GUARD_RATE_LIMIT_REFILL_PER_SECOND',
      description: 'Tokens added to each bucket per second. Default 50 requests/s.',
    }),
  })
  .strict();

export const authSection = z
  .object({
    apiKeys: setting(z.array(z.string().min(1)).default([]), {
      env: 'AGENT_GUARD_API_KEYS',
      description:
        'API keys accepted in X-Marketplace-Key or Authorization: Bearer (comma-separated in the environment); an entry `sha256:<hex>` is a pre-hashed key. Default none.',
      secret: true,
    }),
    disabled: setting(z.boolean().optional(), {
      env: 'AGENT_GUARD_AUTH_DISABLED',
      description:
        'true: no credentials needed (loopback hosts only); false: always required. Default unset: off only when bound to loopback with no API keys and no JWT keys configured (logged as a warning).',
    }),
    allowDisabledOnNonLoopback: setting(z.boolean().default(false), {
      env: 'AGENT_GUARD_AUTH_ALLOW_DISABLED_ON_NON_LOOPBACK',
      description: 'Force: permit auth.disabled on a non-loopback host. Default false (refuse to start).',
    }),
    jwt: jwtSection.prefault({}),
    passkeyFile: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_PASSKEY_FILE',
      description:
        'JSON passkey file listing the agent passports (`agent-guard passkey issue`). Default none.',
    }),
    passportMaxAgeS: setting(z.number().int().min(1).max(3600).default(300), {
      env: 'AGENT_GUARD_PASSPORT_MAX_AGE_S',
      description:
        'How far X-Agent-Timestamp may be from now, and how long nonces are remembered, in seconds. Default 300.',
    }),
    nonceCacheEntries: setting(z.number().int().min(100).max(10_000_000).default(100_000), {
      env: 'AGENT_GUARD_NONCE_CACHE_ENTRIES',
      description:
        'Most passport nonces remembered at once; when full, new passport requests are refused (fail closed). Default 100000.',
    }),
    rateLimit: rateLimitSection.prefault({}),
  })
  .strict();

export type AuthConfig = z.output<typeof authSection>;
