/**
 * Issue 27: the injected sidecar binds the pod IP (the kubelet's probes and Prometheus come from
 * there) with no keys configured. The agent beside it (loopback) must get /api/v1 and the proxy
 * routes with no key; any other caller is refused; probes answer everyone.
 */
import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { API_KEY, call, start } from '../api/harness.js';

/** A non-loopback address of this machine: connections to it arrive from it, as a pod IP's do. */
function podAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4');
  if (!found) throw new Error('this test needs a non-loopback IPv4 interface (none found)');
  return found.address;
}

let upstream: Server;
let open: RunningServer;
let keyed: RunningServer;
const pod = podAddress();
const port = (s: RunningServer): number => Number(new URL(s.url).port);

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // The environment the injector gives the sidecar (src/inject/sidecar.ts): 0.0.0.0, no keys.
  const sidecar = {
    server: { host: '0.0.0.0' },
    proxy: { openaiUpstream: origin, mcpUpstream: `${origin}/mcp` },
  };
  open = await start(sidecar, { proxy: true });
  keyed = await start({ ...sidecar, auth: { apiKeys: [API_KEY] } }, { proxy: true });
});

afterAll(async () => {
  await Promise.all([open.close(), keyed.close(), new Promise((r) => upstream.close(r))]);
});

const validate = { body: { command: 'ls' } };
const chat = { body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] } };
const mcp = { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } };

describe('an injected sidecar with no keys', () => {
  it.each([
    ['/api/v1/validate', validate],
    ['/openai/v1/chat/completions', chat],
    ['/mcp', mcp],
  ] as const)('answers the agent in its pod (loopback) on %s', async (path, init) => {
    const res = await call(`http://127.0.0.1:${port(open)}`, path, init);
    expect(res.status, res.text).toBe(200);
  });

  it.each([
    ['/api/v1/validate', validate],
    ['/openai/v1/chat/completions', chat],
    ['/mcp', mcp],
  ] as const)('refuses another pod on %s', async (path, init) => {
    const res = await call(`http://${pod}:${port(open)}`, path, init);
    expect(res.status, res.text).toBe(401);
  });

  it.each(['/health', '/ready'])('answers the kubelet on %s from the pod IP', async (path) => {
    expect((await call(`http://${pod}:${port(open)}`, path)).status).toBe(200);
  });
});

describe('an injected sidecar with keys configured', () => {
  it('lets another pod in with a key and refuses it without', async () => {
    const base = `http://${pod}:${port(keyed)}`;
    const headers = { 'x-marketplace-key': API_KEY };
    expect((await call(base, '/api/v1/validate', { ...validate, headers })).status).toBe(200);
    expect((await call(base, '/openai/v1/chat/completions', { ...chat, headers })).status).toBe(200);
    expect((await call(base, '/api/v1/validate', validate)).status).toBe(401);
  });
});
