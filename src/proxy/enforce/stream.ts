/**
 * The response rewriter of enforce mode (issue 25): reads a provider's 2xx response as it arrives
 * (decoding gzip/deflate/br), hands each event of a stream to the provider's editor, or the whole
 * JSON body to enforceOnBody, and writes what the agent may see. Events are processed strictly in
 * order; an event with nothing to hold goes out as soon as it is read.
 *
 * Fail closed: a body or event over its bound, undecodable bytes, or an editor failure cut the
 * response (the agent sees a truncated stream, never an unchecked tool call).
 */
import zlib from 'node:zlib';
import type { ProviderName } from './calls.js';
import { enforceOnBody } from './json-body.js';
import type { Judge } from './refusal.js';
import { createSseSplitter, type SseFrame } from './sse-frames.js';
import { anthropicStreamEditor } from './stream-anthropic.js';
import { chatStreamEditor } from './stream-chat.js';
import { responsesStreamEditor } from './stream-responses.js';

export type StreamOut = (text: string) => void;

export interface StreamEditor {
  /** Relay the frame now if it needs no holding and no judging (true), else leave it (false). */
  fast(frame: SseFrame, out: StreamOut): boolean;
  frame(frame: SseFrame, out: StreamOut): Promise<void>;
  /** The upstream stream ended: calls still held were cut off and are refused. */
  end(out: StreamOut): Promise<void>;
}

export interface EnforceLimits {
  /** Largest non-streaming JSON body read, bytes (decoded). */
  readonly maxJsonBytes: number;
  /** Largest single event of a stream, characters. */
  readonly maxEventChars: number;
  /** Largest arguments of one tool call, characters; over it the call is refused. */
  readonly maxArgumentChars: number;
}

export const DEFAULT_ENFORCE_LIMITS: EnforceLimits = {
  maxJsonBytes: 32 << 20,
  maxEventChars: 16 << 20,
  maxArgumentChars: 8 << 20,
};

/** Where the rewriter writes: the relay's response. */
export interface RewriteSink {
  /** Write bytes to the agent; false asks the writer to slow down (the relay pauses upstream). */
  write(chunk: Buffer): void;
  end(): void;
  /** Cut the response (fail closed); `reason` is for the log. */
  abort(reason: string): void;
}

export interface ResponseRewriter {
  write(chunk: Buffer): void;
  end(): void;
}

export interface RewriteOptions {
  readonly provider: ProviderName;
  readonly contentType: string | undefined;
  readonly contentEncoding: string | undefined;
  readonly judge: Judge;
  readonly limits?: EnforceLimits;
}

export type RewritePlan =
  | { readonly kind: 'rewrite'; readonly sse: boolean; readonly decode: string | null }
  | { readonly kind: 'pass' }
  | { readonly kind: 'refuse'; readonly reason: string };

/** Whether a response is rewritten, passed (not JSON or SSE), or refused (an encoding we cannot read). */
export function planRewrite(
  contentType: string | undefined,
  contentEncoding: string | undefined,
): RewritePlan {
  const type = (contentType ?? '').toLowerCase();
  const sse = type.startsWith('text/event-stream');
  const json = type.startsWith('application/json') || /\+json\b/.test(type);
  if (!sse && !json) return { kind: 'pass' };
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return { kind: 'rewrite', sse, decode: null };
  if (['gzip', 'x-gzip', 'deflate', 'br'].includes(encoding))
    return { kind: 'rewrite', sse, decode: encoding };
  return { kind: 'refuse', reason: `its Content-Encoding "${encoding.slice(0, 40)}" cannot be read` };
}

function editorFor(provider: ProviderName, judge: Judge, limits: EnforceLimits): StreamEditor {
  if (provider === 'anthropic') return anthropicStreamEditor(judge, limits.maxArgumentChars);
  // OpenAI routes carry chat completions and Responses API streams: the first event tells which.
  let chosen: StreamEditor | null = null;
  return {
    fast: (frame, out) => chosen !== null && chosen.fast(frame, out),
    frame(frame, out) {
      if (chosen === null) {
        if (frame.data === null) {
          out(frame.raw);
          return Promise.resolve();
        }
        const responses =
          frame.event.startsWith('response.') || /^\s*\{\s*"type"\s*:\s*"response\./.test(frame.data);
        chosen = responses
          ? responsesStreamEditor(judge, limits.maxArgumentChars)
          : chatStreamEditor(judge, limits.maxArgumentChars);
      }
      return chosen.frame(frame, out);
    },
    end: (out) => (chosen ? chosen.end(out) : Promise.resolve()),
  };
}

export function createResponseRewriter(
  plan: Extract<RewritePlan, { kind: 'rewrite' }>,
  options: RewriteOptions,
  sink: RewriteSink,
): ResponseRewriter {
  const limits = options.limits ?? DEFAULT_ENFORCE_LIMITS;
  let failed = false;
  const fail = (reason: string): void => {
    if (failed) return;
    failed = true;
    sink.abort(reason);
  };
  let chain: Promise<void> = Promise.resolve();
  /** Steps scheduled and not finished: while there are none, a fast frame may go out synchronously. */
  let pending = 0;
  const later = (step: () => Promise<void> | void): void => {
    pending++;
    chain = chain
      .then(() => (failed ? undefined : step()))
      .catch((err: unknown) => fail(String(err)))
      .finally(() => pending--);
  };
  const out: StreamOut = (text) => {
    if (!failed) sink.write(Buffer.from(text, 'utf8'));
  };

  let inner: ResponseRewriter;
  if (plan.sse) {
    const editor = editorFor(options.provider, options.judge, limits);
    const text = new TextDecoder('utf-8');
    const frames: SseFrame[] = [];
    const splitter = createSseSplitter((f) => frames.push(f), limits.maxEventChars);
    const drain = (): void => {
      let i = 0;
      // Nothing waiting ahead: text and other plain events go out in this same turn.
      if (pending === 0) while (i < frames.length && editor.fast(frames[i]!, out)) i++;
      if (i === frames.length) {
        frames.length = 0;
        return;
      }
      const batch = frames.splice(0, frames.length).slice(i);
      later(async () => {
        for (const f of batch) await editor.frame(f, out);
      });
    };
    inner = {
      write(chunk) {
        if (failed) return;
        if (!splitter.push(text.decode(chunk, { stream: true })))
          return fail(`an event exceeded ${limits.maxEventChars} characters`);
        drain();
      },
      end() {
        if (failed) return;
        splitter.push(text.decode());
        drain();
        const rest = splitter.rest();
        later(async () => {
          await editor.end(out);
          // A final event without its blank line is not an event (WHATWG); relay the bytes as they came.
          if (rest !== '') out(rest);
          sink.end();
        });
      },
    };
  } else {
    const chunks: Buffer[] = [];
    let size = 0;
    inner = {
      write(chunk) {
        if (failed) return;
        size += chunk.length;
        if (size > limits.maxJsonBytes) return fail(`the JSON body exceeded ${limits.maxJsonBytes} bytes`);
        chunks.push(chunk);
      },
      end() {
        if (failed) return;
        const bytes = Buffer.concat(chunks, size);
        let body: unknown;
        try {
          body = JSON.parse(bytes.toString('utf8')) as unknown;
        } catch {
          // Not JSON after all (an error page): it proposes nothing; relay it as it came.
          later(() => {
            sink.write(bytes);
            sink.end();
          });
          return;
        }
        later(async () => {
          const next = await enforceOnBody(options.provider, body, options.judge);
          sink.write(next === body ? bytes : Buffer.from(JSON.stringify(next), 'utf8'));
          sink.end();
        });
      },
    };
  }
  if (plan.decode === null) return inner;
  const decoder =
    plan.decode === 'br'
      ? zlib.createBrotliDecompress()
      : plan.decode === 'deflate'
        ? zlib.createInflate()
        : zlib.createGunzip();
  decoder.on('data', (chunk: Buffer) => inner.write(chunk));
  decoder.on('end', () => inner.end());
  decoder.on('error', () => fail(`the response could not be decoded as ${plan.decode}`));
  return {
    write: (chunk) => void decoder.write(chunk),
    end: () => decoder.end(),
  };
}
