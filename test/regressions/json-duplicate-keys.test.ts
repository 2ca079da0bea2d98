/**
 * Issue 24, parser differentials: a body with a member named twice was judged on the last value
 * (JSON.parse) and forwarded byte for byte, so an upstream that keeps the first (or matches names
 * case-insensitively, as Go's encoding/json does) saw the raw secret or the vetoed tools/call.
 * Every inspected route and /api/v1 now refuse such bodies with 400 problem+json; the recording
 * upstream must never see the secret or the command.
 */
import { describe, expect, it } from 'vitest';
import { SECRET, send, VETOED, VETOED_NEEDLE, useInspectedRoutes } from './proxy-harness.js';

const routes = useInspectedRoutes();

const JSON_HEADERS = { 'content-type': 'application/json' };

const call = (args: string): string =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"shell","arguments":${args}}}`;

describe('duplicate member names are refused before anything is forwarded', () => {
  it.each<[string, string, string]>([
    [
      'chat content (first copy holds the secret)',
      '/openai/v1/chat/completions',
      `{"model":"m","messages":[{"role":"user","content":"key ${SECRET}","content":"hello"}]}`,
    ],
    [
      'chat messages (duplicate at the top)',
      '/openai/v1/chat/completions',
      `{"model":"m","messages":[{"role":"user","content":"${SECRET}"}],"messages":[]}`,
    ],
    [
      'anthropic system',
      '/anthropic/v1/messages',
      `{"model":"m","system":"${SECRET}","system":"be nice","messages":[]}`,
    ],
    [
      'a duplicate spelled with an escape',
      '/openai/v1/chat/completions',
      `{"model":"m","messages":[{"role":"user","content":"${SECRET}","cont\\u0065nt":"hi"}]}`,
    ],
    ['mcp command argument', '/mcp', call(`{"command":"${VETOED}","command":"ls"}`)],
    ['mcp arguments', '/mcp', call(`{"command":"${VETOED}"},"arguments":{"command":"ls"}`)],
    [
      'mcp method',
      '/mcp',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/list","params":{"name":"shell","arguments":{"command":"${VETOED}"}}}`,
    ],
    ['tool route command', '/tools/exec', `{"command":"${VETOED}","command":"ls"}`],
    ['deep inside a batch', '/mcp', `[${call(`{"cmd":{"a":{"command":"${VETOED}","command":"ls"}}}`)}]`],
  ])('%s → 400', async (_name, path, body) => {
    const before = routes.upstream.received.length;
    const answer = await send(routes.guard.url, path, { headers: JSON_HEADERS, body });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'AG_ERR_JSON_DUPLICATE_KEY', status: 400 });
    expect(routes.upstream.received.length).toBe(before);
    expect(routes.upstream.saw(SECRET)).toBe(false);
    expect(routes.upstream.saw(VETOED_NEEDLE)).toBe(false);
  });

  it.each<[string, string]>([
    ['/api/v1/validate', `{"command":"ls","command":"${VETOED}"}`],
    ['/api/v1/gate', `{"action":"SHELL_EXEC","command":"${VETOED}","command":"ls"}`],
    ['/api/v1/sanitize', `{"payload":"${SECRET}","payload":"clean"}`],
  ])('%s → 400', async (path, body) => {
    const answer = await send(routes.guard.url, path, { headers: JSON_HEADERS, body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'AG_ERR_JSON_DUPLICATE_KEY' });
    expect(answer.text).not.toContain(SECRET);
  });
});

describe('MCP members spelled with another case are refused', () => {
  it.each<[string, string]>([
    [
      'Method',
      `{"jsonrpc":"2.0","id":1,"method":"ping","Method":"tools/call","params":{"name":"shell","arguments":{"command":"${VETOED}"}}}`,
    ],
    [
      'Params',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}},"Params":{"name":"shell","arguments":{"command":"${VETOED}"}}}`,
    ],
    [
      'Name',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"Name":"shell","arguments":{"command":"${VETOED}"}}}`,
    ],
    [
      'Arguments',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"shell","arguments":{},"Arguments":{"command":"${VETOED}"}}}`,
    ],
    [
      'long s folded to s (params)',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","param\u017F":{"name":"shell","arguments":{"command":"${VETOED}"}}}`,
    ],
    [
      'ARGUMENTS in a batch',
      `[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"shell","ARGUMENTS":{"command":"${VETOED}"}}}]`,
    ],
  ])('%s → 400', async (_name, body) => {
    const before = routes.upstream.received.length;
    const answer = await send(routes.guard.url, '/mcp', { headers: JSON_HEADERS, body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'AG_ERR_JSON_CASE_VARIANT_KEY' });
    expect(routes.upstream.received.length).toBe(before);
    expect(routes.upstream.saw(VETOED_NEEDLE)).toBe(false);
  });

  it('unambiguous bodies still pass (tool arguments may use any names)', async () => {
    const body = call('{"Name":"report","Command":"ls","text":"hello"}');
    const answer = await send(routes.guard.url, '/mcp', { headers: JSON_HEADERS, body });
    expect(answer.status).toBe(200);
    const chat = await send(routes.guard.url, '/openai/v1/chat/completions', {
      headers: JSON_HEADERS,
      body: '{"model":"m","messages":[{"role":"user","content":"hi"}],"metadata":{"a":"1","b":"2"}}',
    });
    expect(chat.status).toBe(200);
  });
});
