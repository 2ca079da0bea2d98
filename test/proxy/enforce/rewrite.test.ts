/**
 * The enforce-mode response rewriter on its own (src/proxy/enforce/): recorded-shape streams of each
 * provider's SSE grammar, fed in many chunkings, with a judge that denies the metadata-credential
 * call. The output must stay valid for the grammar: indexes, ids, sequence numbers, terminal events.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ProposedCall } from '../../../src/proxy/enforce/calls.js';
import { enforceOnBody } from '../../../src/proxy/enforce/json-body.js';
import type { Judge } from '../../../src/proxy/enforce/refusal.js';
import { createResponseRewriter, planRewrite } from '../../../src/proxy/enforce/stream.js';
import { fixture } from '../helpers.js';

const denyMetadata: Judge = (call) =>
  Promise.resolve(
    JSON.stringify(call.arguments).includes('169.254') || call.malformed
      ? { text: `REFUSED ${call.name}${call.malformed ? `: ${call.malformed}` : ''}` }
      : null,
  );
const denyAll: Judge = (call) => Promise.resolve({ text: `REFUSED ${call.name}` });

interface Run {
  readonly text: string;
  readonly aborted: string | null;
  readonly seen: ProposedCall[];
}

async function rewrite(
  provider: 'openai' | 'anthropic',
  input: Buffer,
  sizes: number[],
  judge: Judge,
  type = 'text/event-stream',
  encoding?: string,
): Promise<Run> {
  const out: Buffer[] = [];
  const seen: ProposedCall[] = [];
  let aborted: string | null = null;
  const plan = planRewrite(type, encoding);
  if (plan.kind !== 'rewrite') throw new Error(plan.kind);
  const done = new Promise<void>((resolve) => {
    const rewriter = createResponseRewriter(
      plan,
      { provider, contentType: type, contentEncoding: encoding, judge: (c) => (seen.push(c), judge(c)) },
      {
        write: (b) => void out.push(b),
        end: () => resolve(),
        abort: (reason) => {
          aborted = reason;
          resolve();
        },
      },
    );
    let i = 0;
    let k = 0;
    while (i < input.length) {
      const n = sizes[k++ % sizes.length]!;
      rewriter.write(input.subarray(i, i + n));
      i += n;
    }
    rewriter.end();
  });
  await done;
  return { text: Buffer.concat(out).toString('utf8'), aborted, seen };
}

function events(text: string): Array<{ event: string; data: string }> {
  return text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const lines = b.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? '';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data };
    });
}

interface ChatChunk {
  choices: Array<{
    delta?: {
      content?: string;
      tool_calls?: Array<{ index: number; function: { name?: string; arguments: string } }>;
    };
    finish_reason: string | null;
  }>;
  usage?: { completion_tokens: number };
}
interface OutputItem {
  type: string;
  id: string;
  name?: string;
  content?: Array<{ text: string }>;
}
interface ResponsesEvent {
  type: string;
  sequence_number: number;
  output_index: number;
  item: OutputItem;
  response: { output: OutputItem[] };
}
interface AnthropicEvent {
  type: string;
  index: number;
  content_block?: { type: string };
  delta: { stop_reason?: string };
}
interface Body {
  choices: Array<{ message: { tool_calls?: unknown; content: string }; finish_reason: string }>;
  output: OutputItem[];
  content: OutputItem[];
  stop_reason: string;
}

const json = <T>(data: string): T => JSON.parse(data) as T;
const chat = (text: string): ChatChunk[] =>
  events(text)
    .filter((e) => e.data !== '[DONE]')
    .map((e) => json<ChatChunk>(e.data));
const CHUNKINGS = [[1 << 20], [1], [7], [3, 50, 1], [64]];

describe('OpenAI chat completions stream', () => {
  const input = Buffer.from(fixture('openai-chat-stream-tools.sse'));

  it.each(CHUNKINGS)(
    'removes the denied call, keeps the allowed one re-indexed (chunks %j)',
    async (...sizes) => {
      const run = await rewrite('openai', input, sizes, denyMetadata);
      expect(run.aborted).toBeNull();
      const chunks = chat(run.text);
      expect(events(run.text).at(-1)!.data).toBe('[DONE]');
      const calls = chunks.flatMap((c) => c.choices.flatMap((ch) => ch.delta?.tool_calls ?? []));
      expect(calls.every((c) => c.index === 0)).toBe(true);
      expect(calls.map((c) => c.function.name).filter(Boolean)).toEqual(['get_weather']);
      expect(calls.map((c) => c.function.arguments).join('')).toBe('{"city":"Paris"}');
      const content = chunks.flatMap((c) => c.choices.map((ch) => ch.delta?.content ?? '')).join('');
      expect(content).toBe('Checking the instance and the weather.\n\nREFUSED run_shell');
      expect(chunks.flatMap((c) => c.choices.map((ch) => ch.finish_reason)).filter(Boolean)).toEqual([
        'tool_calls',
      ]);
      expect(chunks.at(-1)!.usage?.completion_tokens).toBe(58);
      expect(run.text).not.toContain('169.254');
    },
  );

  it('ends the turn with "stop" when every call is denied', async () => {
    const run = await rewrite('openai', input, [13], denyAll);
    const chunks = chat(run.text);
    expect(chunks.flatMap((c) => c.choices.flatMap((ch) => ch.delta?.tool_calls ?? []))).toEqual([]);
    expect(chunks.flatMap((c) => c.choices.map((ch) => ch.finish_reason)).filter(Boolean)).toEqual(['stop']);
  });

  it('relays text deltas before the stream has ended, byte for byte', async () => {
    const firstTwo = fixture('openai-chat-stream-tools.sse').split('\n\n').slice(0, 3).join('\n\n') + '\n\n';
    const out: string[] = [];
    const plan = planRewrite('text/event-stream', undefined);
    if (plan.kind !== 'rewrite') throw new Error('plan');
    const rewriter = createResponseRewriter(
      plan,
      { provider: 'openai', contentType: 'text/event-stream', contentEncoding: undefined, judge: denyAll },
      { write: (b) => void out.push(b.toString()), end: () => undefined, abort: () => undefined },
    );
    rewriter.write(Buffer.from(firstTwo));
    await new Promise((r) => setImmediate(r));
    expect(out.join('')).toBe(firstTwo);
  });

  it('denies a call whose arguments are cut off by the end of the stream (fail closed)', async () => {
    const text = fixture('openai-chat-stream-tools.sse');
    // The upstream goes away in the middle of the first call's arguments.
    const cutAt = text.lastIndexOf('data:', text.indexOf('54.169.254'));
    const run = await rewrite('openai', Buffer.from(text.slice(0, cutAt)), [5], denyMetadata);
    expect(run.seen.at(-1)!.malformed).toMatch(/ended before/);
    expect(run.text).not.toContain('tool_calls');
    expect(run.text).toContain('REFUSED run_shell');
  });

  it('reads a gzip-compressed stream and sends it decoded', async () => {
    const run = await rewrite('openai', gzipSync(input), [100], denyMetadata, 'text/event-stream', 'gzip');
    expect(run.text).toContain('REFUSED run_shell');
    expect(run.text).toContain('get_weather');
  });
});

describe('OpenAI Responses API stream', () => {
  const input = Buffer.from(fixture('openai-responses-stream-tools.sse'));

  it.each(CHUNKINGS)(
    'replaces the denied item by a message at its output_index (chunks %j)',
    async (...sizes) => {
      const run = await rewrite('openai', input, sizes, denyMetadata);
      expect(run.aborted).toBeNull();
      const list = events(run.text).map((e) => ({ event: e.event, body: json<ResponsesEvent>(e.data) }));
      expect(list.every((e) => e.event === e.body.type)).toBe(true);
      expect(list.map((e) => e.body.sequence_number)).toEqual(list.map((_, i) => i));
      const added = list.filter((e) => e.body.type === 'response.output_item.added').map((e) => e.body);
      expect(added.map((a) => [a.output_index, a.item.type])).toEqual([
        [0, 'message'],
        [1, 'message'],
        [2, 'function_call'],
      ]);
      const done = list.at(-1)!.body;
      expect(done.type).toBe('response.completed');
      const output = done.response.output;
      expect(output.map((o) => o.type)).toEqual(['message', 'message', 'function_call']);
      expect(output[1]!.content![0]!.text).toBe('REFUSED run_shell');
      expect(output[1]!.id).toBe(added[1]!.item.id);
      expect(output[2]!.name).toBe('get_weather');
      expect(run.text).not.toContain('169.254');
    },
  );

  it('relays the stream unchanged when every call is allowed', async () => {
    const run = await rewrite('openai', input, [11], () => Promise.resolve(null));
    expect(run.text).toBe(input.toString());
  });
});

describe('Anthropic Messages stream', () => {
  const input = Buffer.from(fixture('anthropic-messages-stream-tools.sse'));

  it.each(CHUNKINGS)(
    'replaces the denied tool_use by a text block at its index (chunks %j)',
    async (...sizes) => {
      const run = await rewrite('anthropic', input, sizes, denyMetadata);
      expect(run.aborted).toBeNull();
      const list = events(run.text).map((e) => json<AnthropicEvent>(e.data));
      const starts = list.filter((e) => e.type === 'content_block_start');
      expect(starts.map((s) => [s.index, s.content_block!.type])).toEqual([
        [0, 'text'],
        [1, 'text'],
        [2, 'tool_use'],
      ]);
      expect(list.filter((e) => e.type === 'content_block_stop').map((s) => s.index)).toEqual([0, 1, 2]);
      const delta = list.find((e) => e.type === 'message_delta')!;
      expect(delta.delta.stop_reason).toBe('tool_use');
      expect(list.at(-1)!.type).toBe('message_stop');
      expect(run.text).not.toContain('169.254');
    },
  );

  it('ends the turn when every tool call is denied', async () => {
    const run = await rewrite('anthropic', input, [9], denyAll);
    const list = events(run.text).map((e) => json<AnthropicEvent>(e.data));
    expect(list.find((e) => e.type === 'message_delta')!.delta.stop_reason).toBe('end_turn');
    expect(list.some((e) => e.content_block?.type === 'tool_use')).toBe(false);
  });

  it('denies a tool_use whose input JSON is malformed (fail closed)', async () => {
    const broken = input.toString().replace('is\\"}', 'is\\"');
    const run = await rewrite('anthropic', Buffer.from(broken), [17], denyMetadata);
    const weather = run.seen.find((c) => c.name === 'get_weather')!;
    expect(weather.malformed).toMatch(/not complete JSON/);
    expect(run.text).not.toContain('"tool_use"');
  });
});

describe('complete JSON bodies', () => {
  it('OpenAI chat: the denied call leaves, the turn ends with the refusal', async () => {
    const body = JSON.parse(fixture('openai-chat-response.json')) as Body;
    const copy = structuredClone(body);
    const next = (await enforceOnBody('openai', body, denyAll)) as Body;
    expect(body).toEqual(copy);
    expect(next.choices[0]!.message.tool_calls).toBeUndefined();
    expect(next.choices[0]!.message.content).toBe('REFUSED run_shell');
    expect(next.choices[0]!.finish_reason).toBe('stop');
  });

  it('Responses API: every item shape that runs something is judged', async () => {
    const body = {
      output: [
        { type: 'function_call', id: 'fc_1', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'custom_tool_call', id: 'ct_1', call_id: 'c2', name: 'exec', input: 'rm -rf /' },
        { type: 'shell_call', id: 'sh_1', call_id: 'c3', action: { commands: ['ls', 'rm -rf /'] } },
        { type: 'local_shell_call', id: 'ls_1', call_id: 'c4', action: { type: 'exec', command: ['ls'] } },
        { type: 'computer_call', id: 'cc_1', call_id: 'c5', action: { type: 'click', x: 1, y: 2 } },
      ],
    };
    const seen: ProposedCall[] = [];
    const next = (await enforceOnBody('openai', body, (c) => (seen.push(c), denyAll(c)))) as Body;
    expect(seen.map((c) => [c.kind, c.name, c.arguments])).toEqual([
      ['function_call', 'f', {}],
      ['custom_tool_call', 'exec', { code: 'rm -rf /' }],
      ['shell_call', 'shell', { command: 'ls\nrm -rf /' }],
      ['local_shell_call', 'local_shell', { command: ['ls'] }],
    ]);
    expect(next.output.map((o) => o.type)).toEqual([
      'message',
      'message',
      'message',
      'message',
      'computer_call',
    ]);
  });

  it('Anthropic: a denied server tool loses its result block too', async () => {
    const body = {
      content: [
        { type: 'server_tool_use', id: 'srv_1', name: 'bash_code_execution', input: { command: 'x' } },
        { type: 'bash_code_execution_tool_result', tool_use_id: 'srv_1', content: {} },
        { type: 'text', text: 'done' },
      ],
      stop_reason: 'end_turn',
    };
    const next = (await enforceOnBody('anthropic', body, denyAll)) as Body;
    expect(next.content.map((b) => b.type)).toEqual(['text', 'text']);
    expect(next.stop_reason).toBe('end_turn');
  });
});
