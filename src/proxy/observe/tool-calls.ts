/**
 * Finds the tool calls a model proposes in a provider response (OpenAI chat `tool_calls`, legacy
 * `function_call`, Responses API `function_call` items; Anthropic `tool_use` blocks), streaming or
 * not. It reads a copy of the bytes on the side and never touches what the agent receives; every
 * buffer is bounded and the observer stops quietly when a bound is hit.
 */
import zlib from 'node:zlib';
import { createSseParser, type SseEvent } from './sse.js';

export interface ProposedToolCall {
  readonly name: string;
  /** Parsed arguments when they are JSON, otherwise the raw text. */
  readonly arguments: unknown;
}

export type Provider = 'openai' | 'anthropic';

export interface ResponseTap {
  write(chunk: Buffer): void;
  end(): void;
}

export interface ObserverLimits {
  /** Largest non-streaming JSON response read, bytes. */
  readonly maxJsonBytes: number;
  /** Largest accumulated arguments per tool call, characters. */
  readonly maxArgumentChars: number;
  /** Most proposals reported per response. */
  readonly maxCalls: number;
}

export const DEFAULT_OBSERVER_LIMITS: ObserverLimits = {
  maxJsonBytes: 4 << 20,
  maxArgumentChars: 1 << 20,
  maxCalls: 128,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An index field as a map key (numbers only; anything else counts as 0). */
function indexKey(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '0';
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Tool calls in a complete (non-streaming) response body. */
export function proposalsInResponse(provider: Provider, body: unknown): ProposedToolCall[] {
  const out: ProposedToolCall[] = [];
  if (!isObject(body)) return out;
  if (provider === 'anthropic') {
    for (const block of Array.isArray(body.content) ? body.content : []) {
      if (isObject(block) && block.type === 'tool_use' && typeof block.name === 'string') {
        out.push({ name: block.name, arguments: block.input ?? {} });
      }
    }
    return out;
  }
  for (const choice of Array.isArray(body.choices) ? body.choices : []) {
    const message = isObject(choice) && isObject(choice.message) ? choice.message : null;
    if (!message) continue;
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      const fn = isObject(call) && isObject(call.function) ? call.function : null;
      if (fn && typeof fn.name === 'string')
        out.push({ name: fn.name, arguments: parseArguments(fn.arguments) });
    }
    const legacy = isObject(message.function_call) ? message.function_call : null;
    if (legacy && typeof legacy.name === 'string') {
      out.push({ name: legacy.name, arguments: parseArguments(legacy.arguments) });
    }
  }
  // Responses API
  for (const item of Array.isArray(body.output) ? body.output : []) {
    if (isObject(item) && item.type === 'function_call' && typeof item.name === 'string') {
      out.push({ name: item.name, arguments: parseArguments(item.arguments) });
    }
  }
  return out;
}

interface Partial {
  name: string;
  args: string;
  /** Anthropic tool_use may carry a complete input in content_block_start. */
  input?: unknown;
}

/** Stateful reader of one provider's streaming events. */
function streamReader(provider: Provider, limits: ObserverLimits, emit: (call: ProposedToolCall) => void) {
  const open = new Map<string, Partial>();
  let overflow = false;
  const append = (key: string, name: string | undefined, args: string | undefined): void => {
    let entry = open.get(key);
    if (!entry) {
      if (open.size >= limits.maxCalls) return;
      entry = { name: '', args: '' };
      open.set(key, entry);
    }
    if (name) entry.name = entry.name || name;
    if (args) {
      if (entry.args.length + args.length > limits.maxArgumentChars) {
        overflow = true;
        return;
      }
      entry.args += args;
    }
  };
  const flush = (key?: string): void => {
    const keys = key === undefined ? [...open.keys()] : [key];
    for (const k of keys) {
      const entry = open.get(k);
      if (!entry) continue;
      open.delete(k);
      if (entry.name === '') continue;
      const args = entry.args !== '' ? parseArguments(entry.args) : (entry.input ?? {});
      emit({ name: entry.name, arguments: args });
    }
  };

  const onEvent = (event: SseEvent): void => {
    if (overflow) return;
    if (event.data === '[DONE]') return flush();
    let payload: unknown;
    try {
      payload = JSON.parse(event.data) as unknown;
    } catch {
      return;
    }
    if (!isObject(payload)) return;
    if (provider === 'anthropic') {
      const index = indexKey(payload.index);
      if (payload.type === 'content_block_start' && isObject(payload.content_block)) {
        const block = payload.content_block;
        if (block.type === 'tool_use' && typeof block.name === 'string') {
          append(index, block.name, undefined);
          const entry = open.get(index);
          if (entry && isObject(block.input) && Object.keys(block.input).length > 0)
            entry.input = block.input;
        }
      } else if (payload.type === 'content_block_delta' && isObject(payload.delta)) {
        if (payload.delta.type === 'input_json_delta' && open.has(index)) {
          append(
            index,
            undefined,
            typeof payload.delta.partial_json === 'string' ? payload.delta.partial_json : '',
          );
        }
      } else if (payload.type === 'content_block_stop') {
        flush(index);
      } else if (payload.type === 'message_stop') {
        flush();
      }
      return;
    }
    // OpenAI Responses API streaming: a finished function_call item.
    if (payload.type === 'response.output_item.done' && isObject(payload.item)) {
      const item = payload.item;
      if (item.type === 'function_call' && typeof item.name === 'string') {
        emit({ name: item.name, arguments: parseArguments(item.arguments) });
      }
      return;
    }
    // OpenAI chat completions streaming: deltas keyed by choice and tool-call index.
    for (const choice of Array.isArray(payload.choices) ? payload.choices : []) {
      if (!isObject(choice)) continue;
      const c = indexKey(choice.index);
      const delta = isObject(choice.delta) ? choice.delta : null;
      for (const call of delta && Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
        if (!isObject(call)) continue;
        const fn = isObject(call.function) ? call.function : {};
        append(
          `${c}:${indexKey(call.index)}`,
          typeof fn.name === 'string' ? fn.name : undefined,
          typeof fn.arguments === 'string' ? fn.arguments : undefined,
        );
      }
      const legacy = delta && isObject(delta.function_call) ? delta.function_call : null;
      if (legacy) {
        append(
          `${c}:fn`,
          typeof legacy.name === 'string' ? legacy.name : undefined,
          typeof legacy.arguments === 'string' ? legacy.arguments : undefined,
        );
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
        for (const key of [...open.keys()]) if (key.startsWith(`${c}:`)) flush(key);
      }
    }
  };
  return { onEvent, flush: () => flush() };
}

/**
 * A tap for one response, or null when the response is not one we read (not JSON or SSE, or an
 * encoding we cannot decode). `emit` is called once per proposal, possibly before the response ends.
 */
export function createToolCallTap(
  provider: Provider,
  response: { contentType: string | undefined; contentEncoding: string | undefined },
  emit: (call: ProposedToolCall) => void,
  limits: ObserverLimits = DEFAULT_OBSERVER_LIMITS,
): ResponseTap | null {
  const type = (response.contentType ?? '').toLowerCase();
  const sse = type.startsWith('text/event-stream');
  const json = type.startsWith('application/json') || type.includes('+json');
  if (!sse && !json) return null;

  let sink: ResponseTap;
  if (sse) {
    const reader = streamReader(provider, limits, emit);
    const parser = createSseParser(reader.onEvent);
    const decoder = new TextDecoder('utf-8');
    let alive = true;
    sink = {
      write(chunk) {
        if (alive) alive = parser.push(decoder.decode(chunk, { stream: true }));
      },
      end() {
        if (alive) parser.push(decoder.decode() + '\n\n');
        parser.end();
        reader.flush();
      },
    };
  } else {
    const chunks: Buffer[] = [];
    let size = 0;
    let alive = true;
    sink = {
      write(chunk) {
        if (!alive) return;
        size += chunk.length;
        if (size > limits.maxJsonBytes) {
          alive = false;
          chunks.length = 0;
          return;
        }
        chunks.push(chunk);
      },
      end() {
        if (!alive) return;
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown;
        } catch {
          return;
        }
        for (const call of proposalsInResponse(provider, body).slice(0, limits.maxCalls)) emit(call);
      },
    };
  }

  const encoding = (response.contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return sink;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return null;
  // The copy is decoded on zlib's thread pool; errors only stop the observation.
  decoder.on('data', (chunk: Buffer) => sink.write(chunk));
  decoder.on('end', () => sink.end());
  decoder.on('error', () => undefined);
  return {
    write: (chunk) => void decoder.write(chunk),
    end: () => decoder.end(),
  };
}
