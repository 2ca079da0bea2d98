import { describe, expect, it } from 'vitest';
import { ANTHROPIC_SPEC } from '../../src/proxy/adapters/anthropic.js';
import { OPENAI_SPEC } from '../../src/proxy/adapters/openai.js';
import { scrubPromptBody, type ScrubFn } from '../../src/proxy/adapters/prompt-walker.js';
import { toolPayloads } from '../../src/proxy/adapters/tool.js';
import { createScrubber } from '../../src/scrub/index.js';
import { expectEquivalent } from './equivalence.js';
import { containsSecret, fixture, SECRETS } from './helpers.js';

const scrubber = createScrubber();
const scrub: ScrubFn = (text) => scrubber.scrub(text).sanitized;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe.each([
  ['openai chat completions', 'openai-chat-request.json', OPENAI_SPEC],
  ['openai responses API', 'openai-responses-request.json', OPENAI_SPEC],
  ['anthropic messages', 'anthropic-messages-request.json', ANTHROPIC_SPEC],
] as const)('%s', (_name, file, spec) => {
  const text = fixture(file, SECRETS);
  const original = deepFreeze(JSON.parse(text) as unknown);

  it('removes every secret and keeps everything else', () => {
    const out = scrubPromptBody(original, spec, scrub);
    expect(containsSecret(JSON.stringify(out))).toBeNull();
    expectEquivalent(original, out);
  });

  it('never modifies its input (it is frozen) and copies only what changed', () => {
    const out = scrubPromptBody(original, spec, scrub) as Record<string, unknown>;
    expect(JSON.stringify(original)).toBe(JSON.stringify(JSON.parse(text)));
    expect(out).not.toBe(original);
    expect(out.model).toBe((original as Record<string, unknown>).model);
    if ('tools' in (original as object)) expect(out.tools).toBe((original as Record<string, unknown>).tools);
  });
});

describe('prompt walker details', () => {
  it('returns the same reference when there is nothing to scrub', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hello' }] };
    expect(scrubPromptBody(body, OPENAI_SPEC, scrub)).toBe(body);
  });

  it('scrubs legacy completions prompts and embeddings inputs (string and array forms)', () => {
    for (const body of [
      { model: 'm', prompt: `key ${SECRETS.GITHUB_TOKEN}` },
      { model: 'm', prompt: ['a', `key ${SECRETS.GITHUB_TOKEN}`] },
      { model: 'm', input: `key ${SECRETS.AWS_KEY_ID}` },
      { model: 'm', input: ['x', `key ${SECRETS.AWS_KEY_ID}`], encoding_format: 'float' },
    ]) {
      const out = scrubPromptBody(body, OPENAI_SPEC, scrub);
      expect(containsSecret(JSON.stringify(out))).toBeNull();
      expectEquivalent(body, out);
    }
  });

  it('leaves token-id prompts, images, ids and thinking blocks alone', () => {
    const body = { model: 'm', prompt: [[1, 2, 3]] };
    expect(scrubPromptBody(body, OPENAI_SPEC, scrub)).toBe(body);
    const anthropic = JSON.parse(fixture('anthropic-messages-request.json', SECRETS)) as {
      messages: Array<{ content: Array<Record<string, unknown>> | string }>;
    };
    const out = scrubPromptBody(anthropic, ANTHROPIC_SPEC, scrub) as typeof anthropic;
    const assistant = out.messages[1]!.content as Array<Record<string, unknown>>;
    expect(assistant[0]).toBe((anthropic.messages[1]!.content as unknown[])[0]);
    expect((assistant[2]!.input as Record<string, unknown>).timeout).toBe(120);
  });

  it('keeps tool-call arguments valid JSON after scrubbing', () => {
    const body = JSON.parse(fixture('openai-chat-request.json', SECRETS)) as {
      messages: Array<{ tool_calls?: Array<{ function: { arguments: string } }> }>;
    };
    const out = scrubPromptBody(body, OPENAI_SPEC, scrub) as typeof body;
    const args = out.messages[3]!.tool_calls![0]!.function.arguments;
    expect(() => JSON.parse(args) as unknown).not.toThrow();
    expect(args).toContain('[REDACTED_');
  });
});

describe('tool adapter payloads', () => {
  it.each([
    [{ command: 'ls' }, [{ text: 'ls', runtime: 'bash' }]],
    [{ code: 'print(1)' }, [{ text: 'print(1)', runtime: 'python' }]],
    [{ code: 'console.log(1)', language: 'javascript' }, [{ text: 'console.log(1)', runtime: 'node' }]],
    [{ sql: 'select 1' }, [{ text: 'select 1', runtime: 'sql' }]],
    [{ other: 'x' }, []],
    ['not an object', []],
  ])('%j', (body, want) => {
    expect(toolPayloads(body)).toEqual(want);
  });
});
