/**
 * pino logger with allowlist serializers (STYLE 9): requests log method and path only (no query,
 * no headers, never bodies); `redact` covers credential headers in case a caller logs them anyway.
 */
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'req.headers["x-marketplace-key"]',
  'req.headers["x-api-key"]',
  'req.headers["x-agent-signature"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-marketplace-key"]',
  'headers["x-api-key"]',
] as const;

export interface LoggerOptions {
  readonly level?: LevelWithSilent;
  /** Where lines go; default stdout. Tests pass a stream to read the lines back. */
  readonly destination?: DestinationStream;
  readonly name?: string;
}

/** Path without the query string: queries can carry tokens, so they are never logged. */
export function pathOnly(url: string | undefined): string {
  if (!url) return '/';
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).slice(0, 512);
}

interface ErrLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  stack?: unknown;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      name: options.name ?? 'agent-guard',
      level: options.level ?? 'info',
      base: undefined,
      redact: { paths: [...REDACTED_PATHS], censor: '[REDACTED]' },
      serializers: {
        req: (req: IncomingMessage) => ({ method: req.method, path: pathOnly(req.url) }),
        err: (err: ErrLike) => ({
          type: typeof err?.name === 'string' ? err.name : 'Error',
          code: typeof err?.code === 'string' ? err.code : undefined,
          message: typeof err?.message === 'string' ? err.message : 'unknown error',
          stack: typeof err?.stack === 'string' ? err.stack : undefined,
        }),
      },
    },
    // Default: stdout through an asynchronous buffer (sonic-boom), flushed at 4 KiB and on
    // logger.flush(): one write per request line would cost a system call per request.
    options.destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
