/**
 * Request bodies for the JSON endpoints: media type check, a byte limit enforced while streaming
 * (the declared Content-Length is refused up front, the stream is cut the moment it passes the limit,
 * nothing unbounded is buffered), strict UTF-8, a nesting-depth limit checked on the raw bytes before
 * JSON.parse, and parse errors that never quote the input (it may hold a secret).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { AgentGuardError } from '../errors.js';
import { findJsonShapeProblem, type JsonShapeProblem } from './json-shape.js';

export interface BodyLimits {
  /** Largest body in bytes (server.bodyLimitBytes). */
  readonly maxBytes: number;
  /** Deepest array/object nesting accepted. */
  readonly maxDepth: number;
}

/** `application/json` or any `application/<x>+json`; a charset, when given, must be UTF-8 (RFC 8259 section 8.1). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  if (header === 'application/json') return true;
  const [essence = '', ...params] = header.split(';');
  const type = essence.trim().toLowerCase();
  if (type !== 'application/json' && !(type.startsWith('application/') && type.endsWith('+json')))
    return false;
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset') {
      const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
      if (charset !== 'utf-8' && charset !== 'utf8') return false;
    }
  }
  return true;
}

function tooLarge(size: number | string, limit: number): AgentGuardError {
  return new AgentGuardError('AG_ERR_INPUT_TOO_LARGE', { what: 'the request body', size, limit });
}

/** Read the whole body, refusing it as soon as it is known to exceed `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    const length = Number(declared);
    if (Number.isFinite(length) && length > maxBytes) return Promise.reject(tooLarge(length, maxBytes));
  }
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    // Compressed bodies would need a decompression-bomb guard; the API does not accept them.
    return Promise.reject(new AgentGuardError('AG_ERR_API_UNSUPPORTED_MEDIA_TYPE'));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // Listeners stay attached once settled (`done` turns later events into no-ops): removing four
    // listeners per request cost more than the request object they die with.
    const finish = (err: Error | null, body?: Buffer): void => {
      if (done) return;
      done = true;
      if (err) reject(err);
      else resolve(body ?? Buffer.alloc(0));
    };
    const onData = (chunk: Buffer): void => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        // Stop reading; the response carries `Connection: close`, so the rest is never consumed.
        req.pause();
        finish(tooLarge(`more than ${maxBytes}`, maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    // The request stream fails only when the connection does: the client went away (issue 24:
    // counted as a client abort, never as a 500).
    const onError = (): void => finish(new AgentGuardError('AG_ERR_API_CLIENT_ABORTED'));
    const onAborted = (): void => finish(new AgentGuardError('AG_ERR_API_CLIENT_ABORTED'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
    req.on('close', onAborted); // after 'end' this is a no-op; before it, the body never came whole
  });
}

/** Decode and parse a JSON body under the limits; every failure is a 4xx AgentGuardError. */
export function parseJsonBody(bytes: Buffer, limits: BodyLimits): unknown {
  if (bytes.length === 0) {
    throw new AgentGuardError('AG_ERR_API_MALFORMED_JSON', { reason: 'the body is empty' });
  }
  // One reading of every body (issue 24): duplicate member names and deep nesting are refused
  // before JSON.parse, so no reader can see a different value than the one judged.
  const shape = findJsonShapeProblem(bytes, limits.maxDepth);
  if (shape !== null) throw shapeError(shape, 'the request body');
  // isUtf8 (simdutf) then a plain decode: a third of the cost of a fatal TextDecoder on small bodies.
  if (!isUtf8(bytes)) throw new AgentGuardError('AG_ERR_API_BAD_ENCODING');
  // A leading byte order mark is skipped, as TextDecoder does (RFC 8259 section 8.1 allows ignoring it).
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.toString('utf8', bom ? 3 : 0);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    throw new AgentGuardError('AG_ERR_API_MALFORMED_JSON', { reason: describeSyntaxError(err) });
  }
  // Strict UTF-8 decoding cannot produce a lone surrogate; only a \uD8xx-\uDFxx escape can. Such a
  // string has no UTF-8 form (RFC 7493 section 2.1), so two different ones would hash alike in a receipt.
  if (SURROGATE_ESCAPE.test(text) && !wellFormed(value, 0)) {
    throw new AgentGuardError('AG_ERR_API_MALFORMED_JSON', {
      reason: 'a string holds a lone surrogate (RFC 7493)',
    });
  }
  return value;
}

/** The 400 problem for a body the shape scan refused. */
export function shapeError(problem: JsonShapeProblem, what: string): AgentGuardError {
  return problem.kind === 'too-deep'
    ? new AgentGuardError('AG_ERR_JSON_TOO_DEEP', { what, limit: problem.limit })
    : new AgentGuardError('AG_ERR_JSON_DUPLICATE_KEY', { what });
}

/**
 * After answering 413 (or another refusal) before the body was read: read and discard the rest, so
 * an ordinary client that sends its whole body before reading (Node's fetch) receives the answer
 * instead of a reset (issue 24). Past `capBytes` more the connection is cut: nobody is owed a
 * drain of an unbounded body. Returns false when the request is already over.
 */
export function discardRest(req: IncomingMessage, capBytes: number): boolean {
  if (req.complete || req.destroyed) return false;
  req.removeAllListeners('data');
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > capBytes) req.socket.destroy();
  });
  req.resume();
  return true;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function wellFormed(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return true;
  if (Array.isArray(value)) return value.every((v) => wellFormed(v, depth + 1));
  return Object.entries(value).every(([k, v]) => !LONE_SURROGATE.test(k) && wellFormed(v, depth + 1));
}

/** V8's messages quote the input around the error; keep only the position. */
function describeSyntaxError(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const position = /position (\d+)/.exec(message)?.[1];
  if (/Unexpected end of JSON input/.test(message)) return 'unexpected end of input';
  return position ? `syntax error at position ${position}` : 'syntax error';
}
