/**
 * Issue 24, coverage of what the model sees: only message contents were scrubbed, so a secret in a
 * tool description, a message `name`, `user`, `metadata`, a response_format schema, Responses API
 * items (local_shell_call, shell_call_output, computer_call_output, mcp_*), Anthropic tool
 * descriptions or an item type the walker did not know reached the provider. Recorded request
 * shapes (test/fixtures/proxy/*-coverage-request.json) carry a test credential in each such place;
 * the recording upstream must see none, and everything else must arrive unchanged.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { send, startGuard, startRecorder, type Recorder } from './proxy-harness.js';

const SECRETS: Record<string, string> = {
  GITHUB_TOKEN: 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5',
  AWS_KEY_ID: 'AKIA' + 'Q3ZT7K2M9XW4PLR8',
  OPENAI_KEY:
    'sk-proj-' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3kL5mN7pQ9rS1tU3vW5xY7zA9bC1dE3fG5hJ7',
};

function fixture(name: string): string {
  const text = readFileSync(new URL(`../fixtures/proxy/${name}`, import.meta.url), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => SECRETS[key] ?? whole);
}

let upstream: Recorder;
let guard: RunningServer;

beforeAll(async () => {
  upstream = await startRecorder();
  guard = await startGuard({ proxy: { openaiUpstream: upstream.url, anthropicUpstream: upstream.url } });
});

afterAll(async () => {
  await guard?.close();
  await upstream?.close();
});

/** Every string that held no secret, every number, boolean and null, and every name are unchanged. */
function expectSameExceptSecrets(sent: unknown, got: unknown, path = '$'): void {
  if (typeof sent === 'string') {
    expect(typeof got, path).toBe('string');
    if (!Object.values(SECRETS).some((s) => sent.includes(s))) expect(got, path).toBe(sent);
    else expect(got, path).toContain('[REDACTED_');
    return;
  }
  if (Array.isArray(sent)) {
    expect(Array.isArray(got), path).toBe(true);
    expect((got as unknown[]).length, path).toBe(sent.length);
    sent.forEach((v, i) => expectSameExceptSecrets(v, (got as unknown[])[i], `${path}[${i}]`));
    return;
  }
  if (sent !== null && typeof sent === 'object') {
    expect(Object.keys(got as object), path).toEqual(Object.keys(sent));
    for (const [k, v] of Object.entries(sent)) {
      expectSameExceptSecrets(v, (got as Record<string, unknown>)[k], `${path}.${k}`);
    }
    return;
  }
  expect(got, path).toBe(sent);
}

describe.each([
  ['OpenAI chat completions', '/openai/v1/chat/completions', 'openai-chat-coverage-request.json'],
  ['OpenAI Responses API', '/openai/v1/responses', 'openai-responses-coverage-request.json'],
  ['Anthropic Messages API', '/anthropic/v1/messages', 'anthropic-coverage-request.json'],
])('%s', (_name, path, file) => {
  it('no secret reaches the provider from any field, and nothing else changes', async () => {
    const body = fixture(file);
    const answer = await send(guard.url, path, { headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(200);
    const got = upstream.received.at(-1)!;
    for (const [name, secret] of Object.entries(SECRETS)) expect(upstream.saw(secret), name).toBe(false);
    expectSameExceptSecrets(JSON.parse(body), JSON.parse(Buffer.from(got.text, 'latin1').toString('utf8')));
  });
});

it('opaque provider tokens and binary data keep their bytes', async () => {
  const responses = fixture('openai-responses-coverage-request.json');
  await send(guard.url, '/openai/v1/responses', {
    headers: { 'content-type': 'application/json' },
    body: responses,
  });
  const text = upstream.received.at(-1)!.text;
  expect(text).toContain('"encrypted_content":"gAAAAABopaque0123456789"');
  expect(text).toContain('data:image/png;base64,iVBORw0KGgo=');
  const anthropic = fixture('anthropic-coverage-request.json');
  await send(guard.url, '/anthropic/v1/messages', {
    headers: { 'content-type': 'application/json' },
    body: anthropic,
  });
  const sent = JSON.parse(anthropic) as { messages: Array<{ content: unknown }> };
  const got = JSON.parse(upstream.received.at(-1)!.text) as typeof sent;
  expect((got.messages[1]!.content as unknown[])[0]).toEqual((sent.messages[1]!.content as unknown[])[0]);
  expect(upstream.received.at(-1)!.text).toContain('"data":"iVBORw0KGgo="');
});
