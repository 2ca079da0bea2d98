/**
 * Through the real composition root (startServer): SIGTERM's close() lets an in-flight model
 * stream finish within the grace period, cuts one that outlives it, and the veto envelope on the
 * shared listener carries a signed receipt.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { startServer } from '../../src/server.js';
import { request, startUpstream, type TestUpstream } from './helpers.js';

let slow: TestUpstream;

beforeAll(async () => {
  // Six SSE events 80 ms apart, or (path /forever) events that never end.
  slow = await startUpstream((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let n = 0;
    const timer = setInterval(() => {
      n++;
      res.write(`data: {"n":${n}}\n\n`);
      if (n === 6 && !req.url?.includes('forever')) {
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
      }
    }, 80);
    res.on('close', () => clearInterval(timer));
  });
});

afterAll(() => slow?.close());

async function serve(graceMs: number) {
  const config = validateConfig({
    server: { host: '127.0.0.1', port: 0, logLevel: 'silent', shutdownGraceMs: graceMs },
    proxy: { openaiUpstream: slow.url, mcpUpstream: `${slow.url}/mcp`, health: { gpuProbe: false } },
    alerts: {},
  });
  return startServer(config, { proxy: true });
}

/** Start a streaming request; resolves `firstEvent` when the first event arrives. */
function stream(port: number, path: string) {
  let firstEvent!: () => void;
  const first = new Promise<void>((r) => (firstEvent = r));
  const done = new Promise<{ text: string; complete: boolean }>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
          firstEvent();
        });
        res.on('end', () => resolve({ text, complete: res.complete }));
        res.on('aborted', () => resolve({ text, complete: false }));
        res.on('error', () => resolve({ text, complete: false }));
      },
    );
    req.on('error', () => resolve({ text: '', complete: false }));
    req.end('{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]}');
  });
  return { first, done };
}

describe('SIGTERM drain through startServer', () => {
  it('an in-flight stream finishes within the grace period; new connections are refused', async () => {
    const server = await serve(5000);
    const s = stream(server.port, '/openai/v1/chat/completions');
    await s.first;
    const closing = server.close();
    const result = await s.done;
    expect(result.complete).toBe(true);
    expect(result.text).toContain('data: {"n":6}');
    expect(result.text).toContain('[DONE]');
    await closing;
    await expect(request(`${server.url}/health`)).rejects.toThrow();
  });

  it('a stream that outlives the grace period is cut when it ends', async () => {
    const server = await serve(300);
    const s = stream(server.port, '/openai/v1/forever');
    await s.first;
    await server.close();
    const result = await s.done;
    expect(result.complete).toBe(false);
  });
});

describe('veto envelope on the shared listener', () => {
  it('carries a signed receipt', async () => {
    const server = await serve(1000);
    try {
      const res = await request(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'sh', arguments: { command: 'rm -rf /' } },
        }),
      });
      expect(res.status).toBe(403);
      const body = res.json() as Record<string, unknown>;
      expect(body.signed_merkle_receipt).toMatch(/^ed25519:[0-9a-f]{128}$/);
      expect(body.merkle_seal).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      await server.close();
    }
  });
});
