/**
 * Shared state for gateway replicas (issue 28, docs/redis.md): with a Redis URL every replica keeps
 * passport nonces and rate-limit buckets in one Redis (or Valkey); without it, each process keeps
 * its own in memory (a single sidecar or a one-replica gateway).
 */
import { z } from 'zod';
import { setting } from '../setting.js';

/** redis:// or rediss:// (TLS), with optional user:password and /database. */
const redisUrl = z
  .string()
  .min(1)
  .refine((value) => /^rediss?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
    message: 'must be a redis:// or rediss:// URL',
  });

export const redisSection = z
  .object({
    url: setting(redisUrl.optional(), {
      env: 'AGENT_GUARD_REDIS_URL',
      description:
        'Redis or Valkey shared by gateway replicas for passport nonces and rate-limit buckets: redis://[user:password@]host:port[/db], rediss:// for TLS. Default none (state kept in each process).',
      secret: true,
    }),
    keyPrefix: setting(
      z
        .string()
        .regex(/^[A-Za-z0-9:_.-]{1,64}$/)
        .default('agent-guard:'),
      {
        env: 'AGENT_GUARD_REDIS_KEY_PREFIX',
        description:
          'Prefix of every key agent-guard writes, so deployments can share one Redis. Default agent-guard:.',
      },
    ),
    commandTimeoutMs: setting(z.number().int().min(10).max(10_000).default(250), {
      env: 'AGENT_GUARD_REDIS_COMMAND_TIMEOUT_MS',
      description:
        'Longest wait for one Redis command before it counts as failed (passports then fail closed, rate limits fall back to this replica). Default 250 ms.',
    }),
    connectTimeoutMs: setting(z.number().int().min(100).max(60_000).default(2000), {
      env: 'AGENT_GUARD_REDIS_CONNECT_TIMEOUT_MS',
      description:
        'Longest wait for a connection attempt; reconnects back off from 50 ms up to 2 s and never give up. Default 2000 ms.',
    }),
  })
  .strict();

export type RedisConfig = z.output<typeof redisSection>;
