/**
 * Issue 24: inspection followed the method and the label, not the route. A chat body sent with
 * GET, DELETE, OPTIONS, PUT or PATCH, or labelled multipart/form-data or text/plain, reached the
 * provider unscrubbed; an MCP tools/call sent with PUT, PATCH or GET was forwarded without a veto.
 * Now every body on an inspecting route is read and judged; a kind the route cannot read is 415.
 * The recording upstream decodes what it receives and must never see the secret or the command.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SECRET, send, VETOED, VETOED_NEEDLE, useInspectedRoutes } from './proxy-harness.js';

const routes = useInspectedRoutes();

const chat = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: `my key is ${SECRET}` }] });
const mcpCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'shell', arguments: { command: VETOED } },
});

describe('a chat body is scrubbed whatever the method', () => {
  it.each(['GET', 'DELETE', 'OPTIONS', 'PUT', 'PATCH', 'POST'])('%s', async (method) => {
    const before = routes.upstream.received.length;
    const answer = await send(routes.guard.url, '/openai/v1/chat/completions', {
      method,
      headers: { 'content-type': 'application/json' },
      body: chat,
    });
    expect(answer.status).toBe(200);
    expect(routes.upstream.received.length).toBe(before + 1);
    expect(routes.upstream.received.at(-1)!.text).toContain('[REDACTED_');
    expect(routes.upstream.saw(SECRET)).toBe(false);
  });
});

describe('a chat body is scrubbed whatever the label', () => {
  it.each<[string, string, string | Buffer]>([
    ['text/plain', 'text/plain', chat],
    ['no Content-Type', '', chat],
    ['application/vnd.api+json', 'application/vnd.api+json', chat],
    [
      'multipart/form-data',
      'multipart/form-data; boundary=XyZ',
      `--XyZ\r\nContent-Disposition: form-data; name="body"\r\n\r\n${chat}\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nsecret ${SECRET}\r\n--XyZ--\r\n`,
    ],
  ])('%s', async (_name, type, body) => {
    const before = routes.upstream.received.length;
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const answer = await send(routes.guard.url, '/anthropic/v1/messages', { headers, body });
    expect(answer.status).toBe(200);
    expect(routes.upstream.received.length).toBe(before + 1);
    expect(routes.upstream.saw(SECRET)).toBe(false);
  });

  it.each(['application/x-www-form-urlencoded', 'application/octet-stream', 'text/html'])(
    '%s cannot be inspected: 415, nothing forwarded',
    async (type) => {
      const before = routes.upstream.received.length;
      const answer = await send(routes.guard.url, '/openai/v1/chat/completions', {
        headers: { 'content-type': type },
        body: chat,
      });
      expect(answer.status).toBe(415);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(routes.upstream.received.length).toBe(before);
    },
  );

  it('multipart on an MCP route is 415, never forwarded unread', async () => {
    const before = routes.upstream.received.length;
    const answer = await send(routes.guard.url, '/mcp', {
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: `--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n${mcpCall}\r\n--b--\r\n`,
    });
    expect(answer.status).toBe(415);
    expect(routes.upstream.received.length).toBe(before);
  });
});

describe('compressed bodies are decoded for inspection', () => {
  it.each<[string, (b: Buffer) => Buffer]>([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('%s', async (coding, compress) => {
    const answer = await send(routes.guard.url, '/openai/v1/chat/completions', {
      headers: { 'content-type': 'application/json', 'content-encoding': coding },
      body: compress(Buffer.from(chat)),
    });
    expect(answer.status).toBe(200);
    expect(routes.upstream.saw(SECRET)).toBe(false);
    const vetoed = await send(routes.guard.url, '/mcp', {
      headers: { 'content-type': 'application/json', 'content-encoding': coding },
      body: compress(Buffer.from(mcpCall)),
    });
    expect(vetoed.status).toBe(403);
    expect(routes.upstream.saw(VETOED_NEEDLE)).toBe(false);
  });

  it('an unknown coding is 415', async () => {
    const answer = await send(routes.guard.url, '/openai/v1/chat/completions', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' },
      body: chat,
    });
    expect(answer.status).toBe(415);
    expect(routes.upstream.saw(SECRET)).toBe(false);
  });
});

describe('an MCP tools/call is vetoed whatever the method', () => {
  it.each(['PUT', 'PATCH', 'GET', 'DELETE', 'POST'])('%s', async (method) => {
    const answer = await send(routes.guard.url, '/mcp', {
      method,
      headers: { 'content-type': 'application/json' },
      body: mcpCall,
    });
    expect(answer.status).toBe(403);
    expect(routes.upstream.saw(VETOED_NEEDLE)).toBe(false);
  });

  it('a tool route command is vetoed with GET too', async () => {
    const answer = await send(routes.guard.url, '/tools/exec', {
      method: 'GET',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ command: VETOED }),
    });
    expect(answer.status).toBe(403);
    expect(routes.upstream.saw(VETOED_NEEDLE)).toBe(false);
  });

  it('a GET without a body (the server event stream) still passes', async () => {
    const answer = await send(routes.guard.url, '/mcp', { method: 'GET' });
    expect(answer.status).toBe(200);
  });
});
