/** Listener settings shared by `agent-guard serve` (API + sidecar proxy on one port). */
import { z } from 'zod';
import { setting } from '../setting.js';

export const serverSection = z
  .object({
    host: setting(z.string().min(1).default('127.0.0.1'), {
      env: 'AGENT_GUARD_HOST',
      description:
        'Address to listen on. Default 127.0.0.1: a sidecar serves only its own pod; bind 0.0.0.0 for gateway mode.',
    }),
    port: setting(z.number().int().min(0).max(65535).default(8787), {
      env: 'AGENT_GUARD_PORT',
      description: 'TCP port to listen on. Default 8787; 0 picks a free port.',
    }),
    mode: setting(z.enum(['sidecar', 'gateway']).default('sidecar'), {
      env: 'AGENT_GUARD_MODE',
      description:
        'sidecar (default): /health answers the sidecar shape; gateway: self-hosted shared guard, /health answers the gateway shape.',
    }),
    bodyLimitBytes: setting(
      z
        .number()
        .int()
        .min(1024)
        .max(64 * 1024 * 1024)
        .default(1024 * 1024),
      {
        env: 'AGENT_GUARD_BODY_LIMIT_BYTES',
        description: 'Largest /api/v1 request body in bytes. Default 1048576 (1 MiB); larger bodies get 413.',
      },
    ),
    shutdownGraceMs: setting(z.number().int().min(0).max(600_000).default(10_000), {
      env: 'AGENT_GUARD_SHUTDOWN_GRACE_MS',
      description: 'On SIGTERM, how long in-flight requests and streams may finish. Default 10000 ms.',
    }),
    logLevel: setting(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      {
        env: 'AGENT_GUARD_LOG_LEVEL',
        description: 'pino log level. Default info.',
      },
    ),
  })
  .strict();
