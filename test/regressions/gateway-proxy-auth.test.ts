/**
 * Issue 24 (and issue 27), side door: in gateway mode or on a non-loopback bind the proxy routes
 * needed no credential, so anyone who reached the port relayed through the configured upstreams.
 * Callers from other hosts now need an API key in X-Marketplace-Key or Proxy-Authorization: Bearer
 * (never the provider's Authorization), both stripped before forwarding; loopback callers keep
 * working; /health and /ready stay open. The recording upstream must never see our credential.
 */
import { networkInterfaces } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayCheck } from '../../src/proxy/gateway-auth.js';
import type { RunningServer } from '../../src/server.js';
import { send, startGuard, startRecorder, type Recorder } from './proxy-harness.js';

const KEY = 'gateway-test-key-' + '0123456789abcdef';
const PROVIDER_AUTH = 'Bearer provider-key-kept-for-the-provider';

/** A non-loopback address of this host, if it has one (the caller then is not loopback). */
function externalAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

const fakeRequest = (remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('who may relay (unit, by peer address)', () => {
  const exposed = createGatewayCheck({ host: '0.0.0.0', mode: 'sidecar', apiKeys: [KEY] });
  const noKeys = createGatewayCheck({ host: '127.0.0.1', mode: 'gateway', apiKeys: [] });
  const sidecar = createGatewayCheck({ host: '127.0.0.1', mode: 'sidecar', apiKeys: [] });

  it.each<[string, ReturnType<typeof createGatewayCheck>, IncomingMessage, boolean]>([
    ['loopback sidecar, anyone', sidecar, fakeRequest('10.1.2.3'), true],
    ['exposed, loopback caller without a key', exposed, fakeRequest('127.0.0.1'), true],
    ['exposed, IPv4-mapped loopback caller', exposed, fakeRequest('::ffff:127.0.0.1'), true],
    ['exposed, remote caller without a key', exposed, fakeRequest('192.0.2.7'), false],
    [
      'exposed, remote caller with the provider key only',
      exposed,
      fakeRequest('192.0.2.7', { authorization: `Bearer ${KEY}` }),
      false,
    ],
    ['exposed, X-Marketplace-Key', exposed, fakeRequest('192.0.2.7', { 'x-marketplace-key': KEY }), true],
    [
      'exposed, Proxy-Authorization',
      exposed,
      fakeRequest('192.0.2.7', { 'proxy-authorization': `Bearer ${KEY}` }),
      true,
    ],
    ['exposed, wrong key', exposed, fakeRequest('192.0.2.7', { 'x-marketplace-key': 'nope' }), false],
    [
      'gateway without keys, remote caller',
      noKeys,
      fakeRequest('192.0.2.7', { 'x-marketplace-key': KEY }),
      false,
    ],
    ['gateway without keys, loopback caller', noKeys, fakeRequest('::1'), true],
  ])('%s', (_name, check, req, allowed) => {
    const refused = check(req);
    expect(refused === null).toBe(allowed);
    if (refused) expect(refused.code).toBe('AG_ERR_PROXY_AUTH_REQUIRED');
  });
});

describe('over real sockets', () => {
  let upstream: Recorder;
  let guard: RunningServer;
  const external = externalAddress();

  beforeAll(async () => {
    upstream = await startRecorder();
    guard = await startGuard({
      server: { host: external ? '0.0.0.0' : '127.0.0.1', mode: 'gateway' },
      auth: { apiKeys: [KEY] },
      proxy: { openaiUpstream: upstream.url, mcpUpstream: `${upstream.url}/mcp` },
    });
  });

  afterAll(async () => {
    await guard?.close();
    await upstream?.close();
  });

  const base = (host: string): string => `http://${host}:${guard.port}`;
  const chat = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

  it('a loopback caller relays without a key; our credentials never reach the provider', async () => {
    const variants: Array<Record<string, string>> = [
      { authorization: PROVIDER_AUTH },
      { authorization: PROVIDER_AUTH, 'x-marketplace-key': KEY },
      { authorization: PROVIDER_AUTH, 'proxy-authorization': `Bearer ${KEY}` },
    ];
    for (const headers of variants) {
      const answer = await send(base('127.0.0.1'), '/openai/v1/chat/completions', {
        headers: { 'content-type': 'application/json', ...headers },
        body: chat,
      });
      expect(answer.status).toBe(200);
      const got = upstream.received.at(-1)!;
      expect(got.headers.authorization).toBe(PROVIDER_AUTH);
    }
    expect(upstream.saw(KEY)).toBe(false);
  });

  it('probes stay open', async () => {
    for (const path of ['/health', '/ready']) {
      const answer = await send(base(external ?? '127.0.0.1'), path, { method: 'GET' });
      expect(answer.status, path).toBe(200);
    }
  });

  it('a caller from another address needs the proxy credential (when this host has one)', async () => {
    if (external === null) {
      // No non-loopback interface here: the unit table above covers the remote cases.
      expect(guard.port).toBeGreaterThan(0);
      return;
    }
    const before = upstream.received.length;
    for (const path of ['/openai/v1/chat/completions', '/mcp']) {
      const refused = await send(base(external), path, {
        headers: { 'content-type': 'application/json', authorization: PROVIDER_AUTH },
        body: chat,
      });
      expect(refused.status, path).toBe(401);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
    expect(upstream.received.length).toBe(before);
    const allowed = await send(base(external), '/openai/v1/chat/completions', {
      headers: { 'content-type': 'application/json', 'x-marketplace-key': KEY },
      body: chat,
    });
    expect(allowed.status).toBe(200);
    expect(upstream.saw(KEY)).toBe(false);
  });
});
