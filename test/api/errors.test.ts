// Every error status as RFC 9457 problem+json, and a fuzz-style run of malformed, oversized,
// deeply nested, wrongly typed and non-UTF-8 bodies at each endpoint: all 4xx, the server stays up.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../src/api/schemas.js';
import type { RunningServer } from '../../src/server.js';
import { API_KEY, call, LogSink, start } from './harness.js';

let server: RunningServer;
let url: string;
const logs = new LogSink();
const LIMIT = 4096;
const auth = { 'x-marketplace-key': API_KEY };

beforeAll(async () => {
  server = await start({ server: { bodyLimitBytes: LIMIT }, auth: { apiKeys: [API_KEY] } }, { logs });
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

function isProblem(res: { status: number; headers: Headers; body: unknown }, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const problem = problemSchema.parse(res.body);
  expect(problem.status).toBe(status);
  expect(problem.type).toMatch(/^urn:agent-guard:problem:|^about:blank$/);
  expect(JSON.stringify(problem)).not.toMatch(/at .*\.(ts|js):\d+/); // no stack traces
}

describe('error statuses', () => {
  it('400 for malformed JSON, without echoing the body', async () => {
    const res = await call(url, '/api/v1/validate', {
      raw: '{"command": "sk-secret-value',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    isProblem(res, 400);
    expect(res.text).not.toContain('sk-secret-value');
  });

  it('400 for a missing required field', async () => {
    const res = await call(url, '/api/v1/validate', { body: { runtime: 'bash' }, headers: auth });
    isProblem(res, 400);
    expect(res.body.detail).toContain('"command"');
  });

  it('401 without credentials, with WWW-Authenticate', async () => {
    const res = await call(url, '/api/v1/validate', { body: { command: 'ls' } });
    isProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="agent-guard"/);
  });

  it('401 for a wrong key', async () => {
    const res = await call(url, '/api/v1/sanitize', {
      body: { payload: 'x' },
      headers: { 'x-marketplace-key': 'nope' },
    });
    isProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('404 for an unknown API path', async () => {
    isProblem(await call(url, '/api/v1/nope'), 404);
    isProblem(await call(url, '/.well-known/nope.json'), 404);
  });

  it('404 for any path outside the API when the proxy is off', async () => {
    isProblem(await call(url, '/somewhere/else'), 404);
  });

  it('405 with Allow', async () => {
    const res = await call(url, '/api/v1/validate', { headers: auth });
    isProblem(res, 405);
    expect(res.headers.get('allow')).toBe('POST');
    const health = await call(url, '/api/v1/health', { method: 'DELETE' });
    isProblem(health, 405);
    expect(health.headers.get('allow')).toBe('GET, HEAD');
  });

  it('413 over the body limit (declared length)', async () => {
    const res = await call(url, '/api/v1/sanitize', { body: { payload: 'x'.repeat(LIMIT) }, headers: auth });
    isProblem(res, 413);
    expect(res.body.limit_bytes).toBe(LIMIT);
  });

  it('413 over the body limit while streaming (chunked, no length)', async () => {
    const { port } = server;
    const answer = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/sanitize',
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) });
        },
      );
      req.on('error', reject);
      req.write('{"payload":"');
      for (let i = 0; i < 8; i++) req.write('y'.repeat(1024));
      req.end('"}');
    });
    expect(answer).toEqual({ status: 413, type: 'application/problem+json' });
  });

  it('415 for a wrong content type', async () => {
    const res = await call(url, '/api/v1/validate', {
      raw: 'command=ls',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
    });
    isProblem(res, 415);
  });

  it('422 for an unknown runtime, listing the allowed values', async () => {
    const res = await call(url, '/api/v1/validate', {
      body: { command: 'ls', runtime: 'cobol' },
      headers: auth,
    });
    isProblem(res, 422);
    expect(res.body.code).toBe('AG_ERR_INPUT_RUNTIME_UNKNOWN');
    expect(res.body.allowed).toEqual(['bash', 'python', 'node', 'docker', 'sql']);
  });

  it('422 for an unknown gate action, listing the allowed values', async () => {
    const res = await call(url, '/api/v1/gate', {
      body: { action: 'LAUNCH_MISSILES', command: 'x' },
      headers: auth,
    });
    isProblem(res, 422);
    expect(res.body.detail).toContain('SHELL_EXEC');
  });

  it('422 for a wrong type', async () => {
    isProblem(await call(url, '/api/v1/validate', { body: { command: 42 }, headers: auth }), 422);
  });

  it('never logs bodies or credentials', async () => {
    await call(url, '/api/v1/sanitize', { body: { payload: 'the-body-marker' }, headers: auth });
    const text = logs.lines.join('\n');
    expect(text).not.toContain('the-body-marker');
    expect(text).not.toContain(API_KEY);
    expect(text).toContain('"reqId"');
  });

  it('honours a sane x-request-id and replaces an odd one', async () => {
    const a = await call(url, '/api/v1/health', { headers: { 'x-request-id': 'req-123' } });
    expect(a.headers.get('x-request-id')).toBe('req-123');
    const b = await call(url, '/api/v1/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(b.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('fuzz-style bodies', () => {
  const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
  const bodies: [string, string | Uint8Array][] = [
    ['empty', ''],
    ['truncated', '{"command":'],
    ['garbage', '\u0000\u0001\u0002not json'],
    ['array', '[1,2,3]'],
    ['string', '"just a string"'],
    ['null', 'null'],
    ['number', '12345'],
    ['deeply nested', deep(10_000)],
    ['deep object', '{"a":'.repeat(200) + '1' + '}'.repeat(200)],
    ['wrong types', '{"command":["rm"],"payload":{"a":1},"action":7,"runtime":false}'],
    ['non-UTF-8', new Uint8Array([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])],
    ['oversized', `{"command":"${'a'.repeat(LIMIT * 2)}"}`],
    ['huge number', '{"command": 1e999999}'],
    ['duplicate keys', '{"command":1,"command":2}'],
    ['lone surrogate', '{"command":"\\ud800","payload":"\\udfff","action":"SHELL_EXEC"}'],
  ];
  for (const path of ['/api/v1/validate', '/api/v1/sanitize', '/api/v1/gate']) {
    it.each(bodies)(`${path}: %s → 4xx problem`, async (_name, raw) => {
      const res = await call(url, path, { raw, headers: { ...auth, 'content-type': 'application/json' } });
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    });
  }

  it('the server is still up', async () => {
    expect((await call(url, '/api/v1/health')).status).toBe(200);
  });
});
