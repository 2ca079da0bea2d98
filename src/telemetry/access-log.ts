/**
 * The API's one line per request. Its fields are fixed and all scalars, so the line is formatted
 * here in pino's own layout and handed to the logger's destination: pino's general path (serialiser
 * lookup, per-key stringifier dispatch, redaction hooks) cost about as much as the rest of a cached
 * /validate answer (docs/performance.md, "HTTP API"). Lines read exactly as `logger.info(fields,
 * 'request')` would write them (test/telemetry/access-log.test.ts compares the two).
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

export type AccessLog = (fields: AccessFields) => void;

interface PinoInternals {
  readonly [pino.symbols.chindingsSym]: string;
  readonly [pino.symbols.streamSym]: { write(line: string): unknown };
}

/** An access-line writer bound to `logger` (its level, bindings and destination). */
export function createAccessLog(logger: Logger): AccessLog {
  const internals = logger as unknown as PinoInternals;
  const info = logger.levels.values['info'] ?? 30;
  const bindings = internals[pino.symbols.chindingsSym];
  const stream = internals[pino.symbols.streamSym];
  return (f) => {
    // Read per call: the level can be changed at run time.
    if (!logger.isLevelEnabled('info')) return;
    const identity = f.identity === undefined ? '' : `,"identity":${JSON.stringify(f.identity)}`;
    stream.write(
      `{"level":${info},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(f.reqId)},` +
        `"req":{"method":${JSON.stringify(f.method)},"path":${JSON.stringify(f.path)}},` +
        `"status":${f.status},"endpoint":${JSON.stringify(f.endpoint)},"ms":${finite(f.ms)}${identity},` +
        `"msg":"request"}\n`,
    );
  };
}

/** JSON has no NaN or Infinity; pino writes null for them too. */
function finite(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}
