/**
 * The scrubber's public face: options (strict, salt, size limit) bound once, one-shot `scrub`,
 * `scrubJson` for parsed JSON values, `createStream` for the proxy, and `sanitize` for the guard
 * and the API. Latency is measured here, outside the pure core (src/scrub/scanner.ts).
 */
import { VERSION } from '../version.js';
import { performance } from 'node:perf_hooks';
import { AgentGuardError } from '../errors.js';
import { rulesetFor, scanText, ScanMachine, type Redaction } from './scanner.js';
import { createTagger, saltBytes, type Tagger } from './tag.js';

/** Reported as `engine_version` (SPEC 2.2); bump when detection behaviour changes. */
export const SCRUB_ENGINE_VERSION: string = VERSION;

/** Default `scrub.maxPayloadBytes`: 8 MiB. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;

export interface ScrubOptions {
  /** All 12 families (default) or only the high-confidence prefix-anchored patterns. */
  readonly strict?: boolean;
  /** Per-deployment tag key (`scrub.salt`). Default: a random salt per process. */
  readonly salt?: string | Uint8Array;
  /** Largest payload in UTF-8 bytes (`scrub.maxPayloadBytes`). Default 8 MiB. */
  readonly maxPayloadBytes?: number;
}

export interface ScrubResult {
  readonly status: 'clean' | 'redacted';
  readonly sanitized: string;
  readonly redactionsCount: number;
  /** Unique env-style names in order of first appearance. */
  readonly redactedKeys: readonly string[];
  readonly latencyUs: number;
  readonly engineVersion: string;
  readonly redactions: readonly Redaction[];
}

export interface JsonRedaction extends Redaction {
  /** Where the string leaf sits in the JSON value; the span is relative to that string. */
  readonly path: readonly (string | number)[];
}

export interface ScrubJsonResult<T> {
  readonly status: 'clean' | 'redacted';
  readonly value: T;
  readonly redactionsCount: number;
  readonly redactedKeys: readonly string[];
  readonly latencyUs: number;
  readonly engineVersion: string;
  readonly redactions: readonly JsonRedaction[];
}

/** Streaming scrubber for the proxy: feed chunks, get scrubbed chunks; `end()` flushes the rest. */
export interface ScrubStream {
  push(chunk: string | Uint8Array): string;
  end(): string;
  readonly redactions: readonly Redaction[];
  /** Characters currently held back (bounded, see docs/scrubber.md). */
  readonly held: number;
}

export interface Scrubber {
  readonly strict: boolean;
  /** The size limit `scrub` enforces, for callers that feed `createStream` themselves. */
  readonly maxPayloadBytes: number;
  scrub(input: string | Uint8Array, options?: { strict?: boolean }): ScrubResult;
  scrubJson<T>(value: T, options?: { strict?: boolean }): ScrubJsonResult<T>;
  createStream(options?: { strict?: boolean }): ScrubStream;
  /** The guard's and the API's entry point: `{ payload, strict }` as in SPEC 2.1. */
  sanitize(request: { payload: string; strict?: boolean }): ScrubResult;
}

function uniqueKeys(redactions: readonly Redaction[]): string[] {
  // Clean text, the common case, skips the Set and the two arrays.
  if (redactions.length === 0) return [];
  return [...new Set(redactions.map((r) => r.envName))];
}

/** UTF-8 bytes of a string without encoding it (lone surrogates count as the 3-byte U+FFFD). */
function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Bytes are decoded as UTF-8; invalid sequences become U+FFFD and never throw. */
function toText(input: string | Uint8Array): string {
  if (typeof input === 'string') return input;
  if (input instanceof Uint8Array)
    return Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  throw new AgentGuardError('AG_ERR_INPUT_INVALID', { problems: 'payload must be a string' });
}

function checkSize(bytes: number, limit: number): void {
  if (bytes > limit)
    throw new AgentGuardError('AG_ERR_INPUT_TOO_LARGE', { what: 'payload', size: bytes, limit });
}

function elapsedUs(t0: number): number {
  return Math.round((performance.now() - t0) * 1000 * 10) / 10;
}

export function createScrubber(options: ScrubOptions = {}): Scrubber {
  const defaultStrict = options.strict ?? true;
  const limit = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const tagger: Tagger = createTagger(saltBytes(options.salt));

  function scrub(input: string | Uint8Array, opts?: { strict?: boolean }): ScrubResult {
    const t0 = performance.now();
    if (input instanceof Uint8Array) checkSize(input.byteLength, limit);
    const text = toText(input);
    // A string's UTF-8 size is at most 3 bytes per code unit: skip the count when clearly small.
    if (text.length * 3 > limit) checkSize(utf8Length(text), limit);
    const { sanitized, redactions } = scanText(text, rulesetFor(opts?.strict ?? defaultStrict), tagger);
    return {
      status: redactions.length === 0 ? 'clean' : 'redacted',
      sanitized,
      redactionsCount: redactions.length,
      redactedKeys: uniqueKeys(redactions),
      latencyUs: elapsedUs(t0),
      engineVersion: SCRUB_ENGINE_VERSION,
      redactions,
    };
  }

  function scrubJson<T>(value: T, opts?: { strict?: boolean }): ScrubJsonResult<T> {
    const t0 = performance.now();
    const rules = rulesetFor(opts?.strict ?? defaultStrict);
    const redactions: JsonRedaction[] = [];
    let bytes = 0;
    const seen = new Set<object>();
    const walk = (node: unknown, path: (string | number)[], depth: number): unknown => {
      if (typeof node === 'string') {
        bytes += node.length;
        if (bytes * 3 > limit) checkSize(bytes, limit);
        const r = scanText(node, rules, tagger);
        for (const red of r.redactions) redactions.push({ ...red, path: [...path] });
        return r.sanitized;
      }
      if (node === null || typeof node !== 'object') return node;
      if (depth > 512) throw new AgentGuardError('AG_ERR_INPUT_TOO_DEEP', { what: 'JSON value', limit: 512 });
      if (seen.has(node))
        throw new AgentGuardError('AG_ERR_INPUT_INVALID', { problems: 'value contains a cycle' });
      seen.add(node);
      let result: unknown;
      if (Array.isArray(node)) {
        result = node.map((item, i) => walk(item, [...path, i], depth + 1));
      } else {
        // Keys are kept as they are: they name fields and are rarely secrets; rewriting them would
        // change the document's shape (docs/scrubber.md).
        const copy: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(node as Record<string, unknown>))
          copy[k] = walk(v, [...path, k], depth + 1);
        result = copy;
      }
      seen.delete(node);
      return result;
    };
    const out = walk(value, [], 0) as T;
    return {
      status: redactions.length === 0 ? 'clean' : 'redacted',
      value: out,
      redactionsCount: redactions.length,
      redactedKeys: uniqueKeys(redactions),
      latencyUs: elapsedUs(t0),
      engineVersion: SCRUB_ENGINE_VERSION,
      redactions,
    };
  }

  function createStream(opts?: { strict?: boolean }): ScrubStream {
    const machine = new ScanMachine(rulesetFor(opts?.strict ?? defaultStrict), tagger);
    // A multi-byte UTF-8 character may straddle two byte chunks: decode with a streaming decoder.
    const decoder = new TextDecoder('utf-8', { fatal: false });
    return {
      push: (chunk) =>
        machine.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })),
      end: () => {
        const rest = decoder.decode();
        const head = rest.length > 0 ? machine.push(rest) : '';
        return head + machine.end();
      },
      get redactions() {
        return machine.redactions;
      },
      get held() {
        return machine.held;
      },
    };
  }

  return {
    strict: defaultStrict,
    maxPayloadBytes: limit,
    scrub,
    scrubJson,
    createStream,
    sanitize: (request) => {
      if (typeof request?.payload !== 'string') {
        throw new AgentGuardError('AG_ERR_INPUT_INVALID', { problems: 'payload must be a string' });
      }
      return scrub(request.payload, { strict: request.strict ?? defaultStrict });
    },
  };
}

let defaultScrubber: Scrubber | undefined;

/** One-shot helper with the process-wide defaults (strict, random per-process salt). */
export function scrub(text: string | Uint8Array, options?: ScrubOptions): ScrubResult {
  if (options && (options.salt !== undefined || options.maxPayloadBytes !== undefined)) {
    return createScrubber(options).scrub(text);
  }
  defaultScrubber ??= createScrubber();
  return defaultScrubber.scrub(text, { strict: options?.strict ?? true });
}
