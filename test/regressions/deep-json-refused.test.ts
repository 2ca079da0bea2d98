/**
 * Issue 24: a secret plus a 20,000-deep array answered 500 internal (a stack overflow in the walk).
 * Deep nesting is now a 400 problem+json on every route, decided by a linear scan before parsing.
 */
import { describe, expect, it } from 'vitest';
import { SECRET, send, useInspectedRoutes } from './proxy-harness.js';

const routes = useInspectedRoutes();

const deep = (n: number): string => '['.repeat(n) + `"${SECRET}"` + ']'.repeat(n);

describe('20,000-deep arrays are refused with 400 on every route', () => {
  it.each<[string, string]>([
    ['/openai/v1/chat/completions', `{"model":"m","messages":[{"role":"user","content":${deep(20000)}}]}`],
    ['/anthropic/v1/messages', `{"model":"m","system":${deep(20000)},"messages":[]}`],
    [
      '/mcp',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":${deep(20000)}}}`,
    ],
    ['/tools/exec', `{"command":"ls","x":${deep(20000)}}`],
    ['/api/v1/sanitize', `{"payload":"x","x":${deep(20000)}}`],
    ['/api/v1/validate', `{"command":"ls","x":${deep(20000)}}`],
    ['/api/v1/gate', `{"action":"SHELL_EXEC","command":"ls","x":${deep(20000)}}`],
  ])('%s', async (path, body) => {
    const answer = await send(routes.guard.url, path, {
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'AG_ERR_JSON_TOO_DEEP' });
    expect(answer.text).not.toContain(SECRET);
    expect(routes.upstream.received).toHaveLength(0);
  });

  it('ordinary nesting (a 40-level JSON schema in a tool definition) still passes the proxy', async () => {
    let schema = '{"type":"string"}';
    for (let i = 0; i < 40; i++) schema = `{"type":"object","properties":{"p":${schema}}}`;
    const body = `{"model":"m","messages":[],"tools":[{"type":"function","function":{"name":"f","parameters":${schema}}}]}`;
    const answer = await send(routes.guard.url, '/openai/v1/chat/completions', {
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(200);
  });
});
