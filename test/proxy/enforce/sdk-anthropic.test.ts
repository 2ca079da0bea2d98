/**
 * The real Anthropic SDK through the sidecar (enforce mode) against the local fake provider:
 * Messages streamed and not, client tools and a server tool whose input is a command.
 */
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSidecar, type TestSidecar } from '../helpers.js';
import { DEFAULT_CALLS, METADATA_COMMAND, startFakeProvider, type FakeProvider } from './fake-provider.js';

let provider: FakeProvider;
let sidecar: TestSidecar;
let observing: TestSidecar;
let client: Anthropic;

beforeAll(async () => {
  provider = await startFakeProvider();
  sidecar = await startSidecar({ proxy: { anthropicUpstream: provider.url } });
  observing = await startSidecar({ proxy: { anthropicUpstream: provider.url, mode: 'audit' } });
  client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: `${sidecar.url}/anthropic`, maxRetries: 0 });
});

afterAll(async () => {
  await sidecar.close();
  await observing.close();
  await provider.close();
});

const request = {
  model: 'claude-fake',
  max_tokens: 256,
  messages: [{ role: 'user' as const, content: 'check' }],
  tools: [
    { name: 'bash', input_schema: { type: 'object' as const, properties: { command: { type: 'string' } } } },
    {
      name: 'get_weather',
      input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
    },
  ],
};

const toolUses = (message: Anthropic.Message): Array<[string, unknown]> =>
  message.content.flatMap((b) => (b.type === 'tool_use' ? [[b.id, b.input] as [string, unknown]] : []));
const text = (message: Anthropic.Message): string =>
  message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');

describe('Anthropic Messages', () => {
  it.each([false, true])(
    'streamed %s: the denied tool_use is gone, the allowed one intact',
    async (stream) => {
      provider.calls = DEFAULT_CALLS;
      const message = stream
        ? await client.messages.stream(request).finalMessage()
        : await client.messages.create(request);
      expect(toolUses(message)).toEqual([['call_ok', { city: 'Paris' }]]);
      expect(message.content.map((b) => b.type)).toEqual(['text', 'text', 'tool_use']);
      expect(text(message)).toContain('agent-guard blocked the run_shell tool call');
      expect(message.stop_reason).toBe('tool_use');
    },
  );

  it.each([false, true])('streamed %s: every call denied ends the turn', async (stream) => {
    provider.calls = [DEFAULT_CALLS[0]!];
    const message = stream
      ? await client.messages.stream(request).finalMessage()
      : await client.messages.create(request);
    expect(toolUses(message)).toEqual([]);
    expect(message.stop_reason).toBe('end_turn');
  });

  it.each([false, true])(
    'streamed %s: a denied server tool loses its call and its result',
    async (stream) => {
      provider.calls = [
        {
          id: 'srvtoolu_1',
          name: 'bash_code_execution',
          args: { command: METADATA_COMMAND },
          shape: 'server_tool_use',
        },
      ];
      const message = stream
        ? await client.messages.stream(request).finalMessage()
        : await client.messages.create(request);
      expect(message.content.map((b) => b.type)).toEqual(['text', 'text']);
      expect(JSON.stringify(message)).not.toContain('secret-token');
      expect(text(message)).toContain('agent-guard blocked the bash_code_execution tool call');
    },
  );

  it('audit mode observes: the response reaches the SDK unchanged', async () => {
    provider.calls = DEFAULT_CALLS;
    const watcher = new Anthropic({
      apiKey: 'sk-ant-test',
      baseURL: `${observing.url}/anthropic`,
      maxRetries: 0,
    });
    const message = await watcher.messages.stream(request).finalMessage();
    expect(toolUses(message).map(([id]) => id)).toEqual(['call_bad', 'call_ok']);
  });
});
