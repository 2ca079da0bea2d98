/**
 * The API's one line per request. Its fields are fixed and all scalars, so the line is formatted
 * here in pino's own layout (level, time, the logger's bindings, fields, msg) and handed to the
 * logger's destination, skipping pino's general serialiser and redaction path for a line that has
 * nothing to redact. Lines read exactly as `logger.info(fields, 'request')` would write them
 * (test/telemetry/access-log.test.ts compares the two). A logger not made by createLogger, whose
 * destination is unknown, gets its lines through `logger.info`.
 *
 * Lines are handed over once per event-loop turn, joined: sonic-boom copies its pending buffer on
 * every write, so one write per turn instead of one per request. An access line can therefore reach
 * the destination up to one turn after a line logged directly.
 */
import type { DestinationStream, Logger } from 'pino';
import { destinationOf } from './logger.js';

export interface AccessFields {
  readonly reqId: string;
  readonly method: string;
  /** Path without the query string (pathOnly): queries can carry tokens. */
  readonly path: string;
  readonly status: number;
  readonly endpoint: string;
  readonly ms: number;
  /** The authenticated caller's id, when there is one. */
  readonly identity: string | undefined;
}

export interface AccessLog {
  (fields: AccessFields): void;
  /** Hand the lines of this turn to the destination now (shutdown; they go at the turn's end anyway). */
  flush(): void;
}

/** sonic-boom's synchronous flush, when the destination is one. */
type Destination = DestinationStream & { flushSync?: () => void };

/** A turn's lines past this many characters go at once, so a burst never holds much. */
const BATCH_MAX_CHARS = 64 * 1024;

/** Lines waiting for the end of the turn, per destination. */
class Batch {
  #lines: string[] = [];
  #chars = 0;
  #scheduled = false;
  readonly #flush = (): void => this.flush();

  constructor(readonly destination: Destination) {}

  add(line: string): void {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BATCH_MAX_CHARS) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      PENDING.add(this);
      setImmediate(this.#flush);
    }
  }

  flush(): void {
    this.#scheduled = false;
    PENDING.delete(this);
    if (this.#lines.length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.destination.write(text);
  }
}

const PENDING = new Set<Batch>();
let exitHooked = false;

/**
 * On process exit no turn ends: write what is pending and flush the destination synchronously
 * (pino's own exit hook may already have flushed it before these lines arrived).
 */
function flushAtExit(): void {
  for (const batch of [...PENDING]) {
    try {
      batch.flush();
      batch.destination.flushSync?.();
    } catch {
      // A destination that cannot flush synchronously (not ready, mid-write) keeps its lines.
    }
  }
}

/** pino's `,"key":value` run of a logger's bindings, as it places them after `time`. */
function bindingsText(logger: Logger): string {
  const json = JSON.stringify(logger.bindings());
  return json === '{}' ? '' : `,${json.slice(1, -1)}`;
}

/** An access-line writer bound to `logger` (its level, bindings and destination). */
export function createAccessLog(logger: Logger): AccessLog {
  const destination = destinationOf(logger);
  if (!destination) return viaLogger(logger);
  const info = logger.levels.values['info'] ?? 30;
  const bindings = bindingsText(logger);
  const batch = new Batch(destination);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', flushAtExit);
  }
  const log = (f: AccessFields): void => {
    // Read per call: the level can be changed at run time.
    if (!logger.isLevelEnabled('info')) return;
    const identity = f.identity === undefined ? '' : `,"identity":${JSON.stringify(f.identity)}`;
    batch.add(
      `{"level":${info},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(f.reqId)},` +
        `"req":{"method":${JSON.stringify(f.method)},"path":${JSON.stringify(f.path)}},` +
        `"status":${f.status},"endpoint":${JSON.stringify(f.endpoint)},"ms":${finite(f.ms)}${identity},` +
        `"msg":"request"}\n`,
    );
  };
  return Object.assign(log, { flush: () => batch.flush() });
}

/** The general path, for a logger whose destination this module does not know. */
function viaLogger(logger: Logger): AccessLog {
  const log = (f: AccessFields): void => {
    const { reqId, method, path, status, endpoint, ms, identity } = f;
    const fields = { reqId, req: { method, path }, status, endpoint, ms };
    logger.info(identity === undefined ? fields : { ...fields, identity }, 'request');
  };
  return Object.assign(log, { flush: () => undefined });
}

/** JSON has no NaN or Infinity; pino writes null for them too. */
function finite(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}
