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

/**
 * Bytes of log lines gathered before one asynchronous write: fewer round trips through libuv's
 * thread pool, and just under sonic-boom's largest single write (16 KiB) so a batch is one system
 * call. Asynchronous: a stalled log reader (a full pipe) must not stop the event loop.
 */
export const LOG_WRITE_BYTES = 15 * 1024;

/** The destination each logger made here writes to (children included, through pino's onChild hook). */
const DESTINATIONS = new WeakMap<Logger, DestinationStream>();

/**
 * Where `logger` writes, when createLogger made it (or its parent): the access log hands its
 * preformatted lines there. Undefined for other loggers.
 */
export function destinationOf(logger: Logger): DestinationStream | undefined {
  return DESTINATIONS.get(logger);
}

export function createLogger(options: LoggerOptions = {}): Logger {
  // Default: stdout through an asynchronous buffer (sonic-boom), written at LOG_WRITE_BYTES and on
  // logger.flush() (the server flushes every second, so a quiet sidecar's lines wait at most that).
  const destination =
    options.destination ?? pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES });
  const logger = pino(
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
      onChild: (child) => DESTINATIONS.set(child, destination),
    },
    destination,
  );
  DESTINATIONS.set(logger, destination);
  return logger;
}
