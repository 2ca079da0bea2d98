import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../src/proxy/observe/sse.js';
import {
  createToolCallTap,
  proposalsInResponse,
  type ProposedToolCall,
} from '../../src/proxy/observe/tool-calls.js';
import { fixture } from './helpers.js';

function feed(text: string, sizes: number[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  let i = 0;
  let k = 0;
  while (i < text.length) {
    const n = sizes[k++ % sizes.length]!;
    parser.push(text.slice(i, i + n));
    i += n;
  }
  parser.end();
  return events;
}

describe('SSE parser', () => {
  const stream = fixture('anthropic-messages-stream.sse');
  const whole = feed(stream, [stream.length]);

  it('reads named events and data', () => {
    expect(whole.map((e) => e.event)).toContain('content_block_delta');
    expect(whole).toHaveLength(12);
  });

  it.each([[1], [2], [7], [3, 50, 1]])('gives the same events whatever the chunking (%j)', (...sizes) => {
    expect(feed(stream, sizes)).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, comments and multi-line data', () => {
    const events = feed(': comment\r\ndata: a\r\ndata: b\r\n\r\nevent: x\rdata: c\r\r', [3]);
    expect(events).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'x', data: 'c' },
    ]);
  });

  it('gives up on a line longer than its bound instead of growing', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e), 16);
    expect(parser.push('data: ' + 'x'.repeat(64))).toBe(false);
    expect(parser.push('\n\n')).toBe(false);
    expect(events).toEqual([]);
  });
});

function tapAll(
  provider: 'openai' | 'anthropic',
  contentType: string,
  chunks: Buffer[],
  contentEncoding?: string,
): Promise<ProposedToolCall[]> {
  const calls: ProposedToolCall[] = [];
  const tap = createToolCallTap(provider, { contentType, contentEncoding }, (c) => calls.push(c));
  expect(tap).not.toBeNull();
  for (const c of chunks) tap!.write(c);
  tap!.end();
  // zlib decoding finishes asynchronously: wait for the calls (bounded), not a fixed delay that a
  // loaded CI machine can outrun.
  const deadline = Date.now() + 5000;
  return new Promise((resolve) => {
    const poll = (): void => {
      if (calls.length > 0 || Date.now() > deadline) setTimeout(() => resolve(calls), 20);
      else setTimeout(poll, 10);
    };
    poll();
  });
}

function chunked(text: string | Buffer, size: number): Buffer[] {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

describe('proposed tool calls', () => {
  it('OpenAI streaming: arguments assembled across deltas', async () => {
    const calls = await tapAll(
      'openai',
      'text/event-stream; charset=utf-8',
      chunked(fixture('openai-chat-stream.sse'), 13),
    );
    expect(calls).toEqual([{ name: 'run_shell', arguments: { command: 'rm -rf / --no-preserve-root' } }]);
  });

  it('Anthropic streaming: input_json_delta assembled per block', async () => {
    const calls = await tapAll(
      'anthropic',
      'text/event-stream',
      chunked(fixture('anthropic-messages-stream.sse'), 5),
    );
    expect(calls).toEqual([
      {
        name: 'bash',
        arguments: { command: 'curl http://169.254.169.254/latest/meta-data/iam/security-credentials/' },
      },
    ]);
  });

  it('OpenAI non-streaming JSON, also gzip-encoded', async () => {
    const body = fixture('openai-chat-response.json');
    const want = [{ name: 'run_shell', arguments: { command: 'rm -rf / --no-preserve-root' } }];
    expect(await tapAll('openai', 'application/json', chunked(body, 100))).toEqual(want);
    expect(await tapAll('openai', 'application/json', chunked(gzipSync(body), 10), 'gzip')).toEqual(want);
  });

  it('Responses API items and Anthropic tool_use blocks', () => {
    expect(
      proposalsInResponse('openai', {
        output: [{ type: 'function_call', name: 'sh', arguments: '{"cmd":"ls"}' }],
      }),
    ).toEqual([{ name: 'sh', arguments: { cmd: 'ls' } }]);
    expect(
      proposalsInResponse('anthropic', {
        content: [{ type: 'tool_use', name: 'sh', input: { command: 'ls' } }],
      }),
    ).toEqual([{ name: 'sh', arguments: { command: 'ls' } }]);
  });

  it('reads nothing from responses that are neither JSON nor SSE', () => {
    expect(
      createToolCallTap('openai', { contentType: 'text/plain', contentEncoding: undefined }, () => undefined),
    ).toBeNull();
  });
});
