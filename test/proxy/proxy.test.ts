/**
 * The sidecar end to end over real sockets: OpenAI- and Anthropic-shaped upstreams record what
 * arrives; secrets never do, everything else does; streams arrive event by event; failures map to
 * 502/504; the proxy is never an open proxy.
 */
import http from 'node:http';
import net from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC } from '../../src/telemetry/metric-names.js';
import { expectEquivalent } from './equivalence.js';
import {
  containsSecret,
  fixture,
  json,
  metricValue,
  request,
  SECRETS,
  startSidecar,
  startUpstream,
  type TestSidecar,
  type TestUpstream,
} from './helpers.js';

let openai: TestUpstream;
let anthropic: TestUpstream;
let fallback: TestUpstream;
let sidecar: TestSidecar;

beforeAll(async () => {
  openai = await startUpstream((_req, res) =>
    json(res, 200, JSON.parse(fixture('openai-chat-response.json'))),
  );
  anthropic = await startUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(fixture('anthropic-messages-stream.sse'));
  });
  fallback = await startUpstream((req, res) => json(res, 200, { path: req.url, host: req.headers.host }));
  sidecar = await startSidecar({
    proxy: {
      openaiUpstream: openai.url,
      anthropicUpstream: anthropic.url,
      defaultUpstream: fallback.url,
      maxBodyBytes: 64 * 1024,
      headersTimeoutMs: 400,
      routes: [{ prefix: '/audited', upstream: openai.url, adapter: 'openai', mode: 'audit' }],
      // These tests read the relay and the side observer; enforcement has its own (test/proxy/enforce/).
      toolCalls: 'observe',
    },
  });
});

afterAll(async () => {
  await sidecar?.close();
  await Promise.all([openai?.close(), anthropic?.close(), fallback?.close()]);
});

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return request(`${sidecar.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('OpenAI route', () => {
  it.each([
    ['chat completions', '/v1/chat/completions', 'openai-chat-request.json'],
    ['responses API', '/v1/responses', 'openai-responses-request.json'],
  ])('%s: no secret arrives upstream, everything else does', async (_name, path, file) => {
    const sent = fixture(file, SECRETS);
    const before = openai.received.length;
    const res = await post(`/openai${path}?api-version=1`, sent, {
      authorization: 'Bearer test-key',
      'x-trace': 'abc',
    });
    expect(res.status).toBe(200);
    const got = openai.received[before]!;
    expect(got.url).toBe(`${path}?api-version=1`);
    expect(containsSecret(got.body.toString())).toBeNull();
    expectEquivalent(JSON.parse(sent), JSON.parse(got.body.toString()));
    expect(Number(got.headers['content-length'])).toBe(got.body.length);
    expect(got.headers.authorization).toBe('Bearer test-key');
    expect(got.headers['x-trace']).toBe('abc');
    expect(got.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(got.headers.host).toBe(`127.0.0.1:${openai.port}`);
    // The response comes back untouched.
    expect(res.json()).toEqual(JSON.parse(fixture('openai-chat-response.json')));
  });

  it('a body without secrets is forwarded byte for byte', async () => {
    const body = '{ "model": "m",\n  "messages": [ { "role": "user", "content": "hi" } ], "n": 1.50 }';
    const before = openai.received.length;
    await post('/openai/v1/chat/completions', body);
    expect(openai.received[before]!.body.toString()).toBe(body);
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('%s request bodies are decoded, scrubbed and sent uncompressed', async (encoding, compress) => {
    const sent = fixture('openai-chat-request.json', SECRETS);
    const before = openai.received.length;
    const res = await post('/openai/v1/chat/completions', compress(Buffer.from(sent)), {
      'content-encoding': encoding,
    });
    expect(res.status).toBe(200);
    const got = openai.received[before]!;
    expect(got.headers['content-encoding']).toBeUndefined();
    expect(containsSecret(got.body.toString())).toBeNull();
    expectEquivalent(JSON.parse(sent), JSON.parse(got.body.toString()));
  });

  it.each([
    ['an unknown coding', { 'content-encoding': 'zstd' }, Buffer.from('{}'), 415],
    ['a corrupt gzip body', { 'content-encoding': 'gzip' }, Buffer.from('not gzip at all'), 400],
    ['malformed JSON', {}, Buffer.from('{"messages": ['), 400],
  ])('%s is refused, never forwarded', async (_name, headers, body, status) => {
    const before = openai.received.length;
    const res = await post('/openai/v1/chat/completions', body, headers);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(openai.received.length).toBe(before);
  });

  it('413 over the body limit (declared or chunked, and after decompression)', async () => {
    const before = openai.received.length;
    const big = JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(70 * 1024) }] });
    expect((await post('/openai/v1/chat/completions', big)).status).toBe(413);
    expect(
      (await post('/openai/v1/chat/completions', gzipSync(big), { 'content-encoding': 'gzip' })).status,
    ).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${sidecar.url}/openai/v1/chat/completions`,
        { method: 'POST', agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(4096));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(openai.received.length).toBe(before);
  });

  it('audit mode forwards the original bytes but counts what it found', async () => {
    const sent = fixture('openai-chat-request.json', SECRETS);
    const before = openai.received.length;
    const res = await post('/audited/v1/chat/completions', sent);
    expect(res.status).toBe(200);
    expect(openai.received[before]!.body.toString()).toBe(sent);
    expect(
      await metricValue(sidecar.registry, METRIC.proxyRedactionsTotal, { route: '/audited', mode: 'audit' }),
    ).toBeGreaterThan(0);
  });

  it("evaluates the model's proposed tool call in audit: counted and logged, response untouched", async () => {
    await post('/openai/v1/chat/completions', '{"model":"m","messages":[]}');
    await new Promise((r) => setTimeout(r, 100));
    expect(
      await metricValue(sidecar.registry, METRIC.proxyProposedToolCallsTotal, {
        route: '/openai',
        verdict: 'deny',
      }),
    ).toBeGreaterThan(0);
    expect(sidecar.logs.some((l) => l.msg === 'model proposed a tool call the engine denies')).toBe(true);
  });
});

describe('Anthropic route and streaming', () => {
  it('scrubs the Messages API body and relays the SSE stream event by event', async () => {
    // An upstream that sends one event, then waits for the agent to have read it before the next.
    const events = fixture('anthropic-messages-stream.sse')
      .split('\n\n')
      .filter((e) => e.trim() !== '');
    let release: (() => void) | null = null;
    anthropic.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const next = (): void => {
        if (i === events.length) {
          res.end();
          return;
        }
        res.write(`${events[i++]}\n\n`);
        release = next;
      };
      next();
    };
    const sent = fixture('anthropic-messages-request.json', SECRETS);
    const before = anthropic.received.length;
    const seen: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        `${sidecar.url}/anthropic/v1/messages`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-api-key': 'k' } },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let cut;
            while ((cut = buffer.indexOf('\n\n')) !== -1) {
              seen.push(buffer.slice(0, cut));
              buffer = buffer.slice(cut + 2);
              // Only now may the upstream send the next event: each one must have arrived alone.
              const go = release;
              release = null;
              go?.();
            }
          });
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(sent);
    });
    expect(seen).toEqual(events);
    const got = anthropic.received[before]!;
    expect(containsSecret(got.body.toString())).toBeNull();
    expectEquivalent(JSON.parse(sent), JSON.parse(got.body.toString()));
    expect(got.headers['x-api-key']).toBe('k');
    await new Promise((r) => setTimeout(r, 50));
    expect(
      await metricValue(sidecar.registry, METRIC.proxyProposedToolCallsTotal, {
        route: '/anthropic',
        verdict: 'deny',
      }),
    ).toBeGreaterThan(0);
  });
});

describe('passthrough and routing', () => {
  it('forwards unknown paths to the default upstream untouched, Host rewritten', async () => {
    const res = await request(`${sidecar.url}/some/app?q=1`, { headers: { host: 'evil.example:80' } });
    expect(res.json()).toEqual({ path: '/some/app?q=1', host: `127.0.0.1:${fallback.port}` });
    expect(fallback.received.at(-1)!.headers['x-forwarded-host']).toBe('evil.example:80');
  });

  it('streams passthrough request bodies', async () => {
    const before = fallback.received.length;
    const body = Buffer.alloc(256 * 1024, 7);
    const res = await request(`${sidecar.url}/upload`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    expect(fallback.received[before]!.body.equals(body)).toBe(true);
  });

  it('drops hop-by-hop headers in both directions', async () => {
    fallback.handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/plain',
        'x-up': '1',
        'keep-alive': 'timeout=5',
        'x-hop': 'y',
        connection: 'x-hop',
      });
      res.end('ok');
    };
    const res = await request(`${sidecar.url}/h`, {
      headers: {
        connection: 'x-secret-hop',
        'x-secret-hop': 'z',
        'proxy-authorization': 'Basic abc',
        te: 'trailers',
      },
    });
    const got = fallback.received.at(-1)!;
    expect(got.headers['x-secret-hop']).toBeUndefined();
    expect(got.headers['proxy-authorization']).toBeUndefined();
    expect(res.headers['x-up']).toBe('1');
    expect(res.headers['x-hop']).toBeUndefined();
    fallback.handler = (req, r) => json(r, 200, { path: req.url, host: req.headers.host });
  });

  it('refuses absolute-URI requests when forward-proxy mode is off (no open proxy)', async () => {
    const raw = await rawRequest(
      sidecar.port,
      `GET http://${'169.254.169.254'}/latest/meta-data HTTP/1.1\r\nHost: 169.254.169.254\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 403/);
    expect(raw).toContain('AG_ERR_PROXY_DESTINATION_REFUSED');
  });

  it('refuses dot-segment paths that would escape a route', async () => {
    const raw = await rawRequest(sidecar.port, 'GET /x/../openai/v1/models HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 403/);
  });
});

describe('without a default upstream', () => {
  let bare: TestSidecar;
  beforeAll(async () => {
    bare = await startSidecar({ proxy: { openaiUpstream: 'http://127.0.0.1:9', connectTimeoutMs: 500 } });
  });
  afterAll(() => bare?.close());

  it('unknown paths get a 404 problem, whatever the Host header says', async () => {
    const res = await request(`${bare.url}/v1/chat/completions`, { headers: { host: 'api.openai.com' } });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'AG_ERR_PROXY_NO_ROUTE' });
  });

  it('upstream refusing connections → 502 problem', async () => {
    const res = await request(`${bare.url}/openai/v1/models`);
    expect(res.status).toBe(502);
    expect(res.json()).toMatchObject({ code: 'AG_ERR_PROXY_UPSTREAM_UNAVAILABLE' });
  });
});

describe('upstream failures', () => {
  it('a slow upstream → 504 problem after the headers timeout', async () => {
    fallback.handler = () => undefined; // never answers
    const res = await request(`${sidecar.url}/slow`);
    expect(res.status).toBe(504);
    expect(res.json()).toMatchObject({ code: 'AG_ERR_PROXY_UPSTREAM_TIMEOUT' });
    fallback.handler = (req, r) => json(r, 200, { path: req.url, host: req.headers.host });
  });

  it('an upstream that resets the connection → 502', async () => {
    fallback.handler = (req) => req.socket.destroy();
    const res = await request(`${sidecar.url}/reset`);
    expect(res.status).toBe(502);
    fallback.handler = (req, r) => json(r, 200, { path: req.url, host: req.headers.host });
  });
});

describe('health and readiness', () => {
  it('/health answers the sidecar form', async () => {
    const res = await request(`${sidecar.url}/health`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'HEALTHY',
      version: '0.0.0-test',
      gpu_vram_mb: 0,
      gpu: 'none',
    });
    expect(typeof (res.json() as { latency_median_us: unknown }).latency_median_us).toBe('number');
  });

  it('/ready is 200 while serving', async () => {
    const res = await request(`${sidecar.url}/ready`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'READY' });
  });

  it('gateway mode answers the gateway form', async () => {
    const gw = await startSidecar({ server: { mode: 'gateway' } });
    try {
      expect((await request(`${gw.url}/health`)).json()).toMatchObject({ status: 'ACTIVE', mode: 'ENFORCE' });
    } finally {
      await gw.close();
    }
  });
});

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      out += d;
      if (/\r\n\r\n/.test(out)) {
        const m = /content-length: (\d+)/i.exec(out);
        const bodyStart = out.indexOf('\r\n\r\n') + 4;
        if (!m || out.length - bodyStart >= Number(m[1])) {
          socket.destroy();
          resolve(out);
        }
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(out));
  });
}
