/**
 * Issue 27: the injected sidecar binds the pod IP (the kubelet's probes and Prometheus come from
 * there) with no keys configured. The agent beside it (loopback) must get /api/v1 and the proxy
 * routes with no key; any other caller is refused; probes answer everyone.
 */
import { createServer, request, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAuthMode } from '../../src/api/auth/index.js';
import { loadConfig } from '../../src/config/load.js';
import { reviewAdmission } from '../../src/inject/admission.js';
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

  it.each([
    ['/api/v1/validate', validate],
    ['/openai/v1/chat/completions', chat],
  ] as const)(
    "refuses another pod relayed by Istio's inbound proxy (from 127.0.0.6) on %s",
    async (path, init) => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: port(open),
            path,
            method: 'POST',
            localAddress: '127.0.0.6',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(init.body));
      });
      expect(status).toBe(401);
    },
  );

  it.each(['/health', '/ready'])('answers the kubelet on %s from the pod IP', async (path) => {
    expect((await call(`http://${pod}:${port(open)}`, path)).status).toBe(200);
  });
});

describe('the sidecar the injector adds', () => {
  it('starts in the mode tested above: pod IP bound, no keys, loopback peers only', () => {
    const inject = loadConfig({ env: {}, cwd: '/' }).inject;
    const { outcome } = reviewAdmission(
      {
        apiVersion: 'admission.k8s.io/v1',
        kind: 'AdmissionReview',
        request: {
          uid: 'u-27',
          kind: { group: '', version: 'v1', kind: 'Pod' },
          namespace: 'agents',
          operation: 'CREATE',
          object: { metadata: { name: 'p' }, spec: { containers: [{ name: 'agent', image: 'a' }] } },
        },
      },
      { namespaceEnabled: true, config: inject },
    );
    if (outcome.kind !== 'injected') throw new Error(`not injected: ${JSON.stringify(outcome)}`);
    const added = outcome.ops.find((op) => op.path.startsWith('/spec/initContainers'))!.value as
      { env: { name: string; value?: string }[] }[] | { env: { name: string; value?: string }[] };
    const container = Array.isArray(added) ? added[0]! : added;
    // The env the kubelet gives it (the optional Secret and ConfigMap absent: defaults).
    const env = Object.fromEntries(
      container.env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value!]),
    );
    const config = loadConfig({ env, cwd: '/' });
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.auth.apiKeys).toEqual([]);
    expect(decideAuthMode(config.auth, config.server.host, false)).toMatchObject({
      kind: 'required',
      loopbackPeers: true,
    });
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
