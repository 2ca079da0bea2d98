/**
 * The API's one line per request. Its fields are fixed and all scalars, so the line is formatted
 * here in pino's own layout and handed to the logger's destination: pino's general path (serialiser
 * lookup, per-key stringifier dispatch, redaction hooks) cost about as much as the rest of a cached
 * /validate answer (docs/performance.md, "HTTP API"). Lines read exactly as `logger.info(fields,
 * 'request')` would write them (test/telemetry/access-log.test.ts compares the two).
 *
 * Lines are handed over once per event-loop turn, joined: pino's destination (sonic-boom) appends
 * each write to a string and measures that string's UTF-8 length again on every write, which copies
 * the whole pending buffer per line (about 3 KB of garbage and 1.5 µs per request under load).
 * So an access line can reach the destination up to one turn after a line logged directly.
 */
import { pino, type Logger } from 'pino';

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

interface Destination {
  write(text: string): unknown;
  flushSync?: () => void;
}

interface PinoInternals {
  readonly [pino.symbols.chindingsSym]: string;
  readonly [pino.symbols.streamSym]: Destination;
}

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

/** An access-line writer bound to `logger` (its level, bindings and destination). */
export function createAccessLog(logger: Logger): AccessLog {
  const internals = logger as unknown as PinoInternals;
  const info = logger.levels.values['info'] ?? 30;
  const bindings = internals[pino.symbols.chindingsSym];
  const batch = new Batch(internals[pino.symbols.streamSym]);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', flushAtExit);
  }
  const log = (f: AccessFields): void => {
    // Read per call: the level can be changed at run time.
    if (!logger.isLevelEnabled('info')) return;
    const identity = f.identity === undefined ? '' : `,"identity":${jsonString(f.identity)}`;
    batch.add(
      `{"level":${info},"time":${Date.now()}${bindings},"reqId":${jsonString(f.reqId)},` +
        `"req":{"method":${jsonString(f.method)},"path":${jsonString(f.path)}},` +
        `"status":${f.status},"endpoint":${jsonString(f.endpoint)},"ms":${finite(f.ms)}${identity},` +
        `"msg":"request"}\n`,
    );
  };
  return Object.assign(log, { flush: () => batch.flush() });
}

/**
 * `value` as a JSON string. The line's strings are short and plain (request ids, methods, paths,
 * endpoint names), and quoting those directly costs 40% less than JSON.stringify (52 against 87 ns
 * per string in a micro-benchmark); anything with a quote, backslash, control or non-ASCII
 * character goes through JSON.stringify.
 */
export function jsonString(value: string): string {
  if (value.length > 128) return JSON.stringify(value);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/** JSON has no NaN or Infinity; pino writes null for them too. */
function finite(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}
