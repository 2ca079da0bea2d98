/** The tool-call entry point: which argument becomes which fact, and decisions through the engine. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/engine/engine.js';
import { loadSqlParser } from '../../../src/engine/extract/sql.js';
import { extractToolCall, toolCallText, type ToolCall } from '../../../src/engine/extract/tool-call.js';
import type { Fact } from '../../../src/engine/facts.js';
import type { Runtime } from '../../../src/engine/types.js';
import { testEngine } from '../../helpers/engine.js';

function facts(call: ToolCall): {
  facts: Fact[];
  nested: { code: string; runtime: Runtime }[];
  text: string;
} {
  const nested: { code: string; runtime: Runtime }[] = [];
  const text = toolCallText(call);
  const out = extractToolCall(text, {
    nested(code, runtime) {
      nested.push({ code, runtime });
      return [];
    },
  });
  return { facts: out, nested, text };
}

beforeAll(async () => {
  await loadSqlParser();
});

describe('argument mapping', () => {
  it.each([
    [
      { name: 'run_command', arguments: { command: 'ls -la' } },
      { code: 'ls -la', runtime: 'bash' },
    ],
    [
      { name: 'shell', arguments: { cmd: ['git', 'commit', '-m', 'a b'] } },
      { code: "git commit -m 'a b'", runtime: 'bash' },
    ],
    [
      { name: 'execute_python', arguments: { code: 'print(1)' } },
      { code: 'print(1)', runtime: 'python' },
    ],
    [
      { name: 'sandbox', arguments: { language: 'javascript', code: 'x()' } },
      { code: 'x()', runtime: 'node' },
    ],
    [
      { name: 'db', arguments: { sql: 'SELECT 1' } },
      { code: 'SELECT 1', runtime: 'sql' },
    ],
    [
      { name: 'db', arguments: { query: 'SELECT * FROM t' } },
      { code: 'SELECT * FROM t', runtime: 'sql' },
    ],
    [
      { name: 'build', arguments: { dockerfile: 'FROM alpine' } },
      { code: 'FROM alpine', runtime: 'docker' },
    ],
    // A bare string argument is read as `{ <tool name>: value }`.
    [
      { name: 'bash', arguments: 'rm -rf /' },
      { code: 'rm -rf /', runtime: 'bash' },
    ],
    [
      { name: 'SQL', arguments: 'DROP TABLE users' },
      { code: 'DROP TABLE users', runtime: 'sql' },
    ],
  ] as const)('%j', (call, want) => {
    expect(facts(call).nested).toEqual([want]);
  });

  it('does not treat a search phrase as SQL', () => {
    const r = facts({ name: 'web_search', arguments: { query: 'delete old git branches' } });
    expect(r.nested).toEqual([]);
    expect(r.facts).toMatchObject([
      { kind: 'literal', text: 'delete old git branches', egress: true, field: 'query' },
    ]);
  });

  it('parses arguments given as a JSON string', () => {
    expect(facts({ name: 'run', arguments: '{"command":"id"}' }).nested).toEqual([
      { code: 'id', runtime: 'bash' },
    ]);
  });

  it('makes URL fields network facts and path fields file facts by tool verb', () => {
    const f = facts({
      name: 'http_request',
      arguments: { url: 'https://api.example.net:8443/x', method: 'POST', body: 'hi' },
    }).facts;
    expect(f.find((x) => x.kind === 'net')).toMatchObject({
      host: 'api.example.net',
      port: 8443,
      sends: true,
    });
    expect(
      facts({ name: 'write_file', arguments: { path: '/etc/hosts', content: 'x' } }).facts.find(
        (x) => x.kind === 'file',
      ),
    ).toMatchObject({ op: 'write', path: '/etc/hosts' });
    expect(
      facts({ name: 'read_file', arguments: { path: '~/.netrc' } }).facts.find((x) => x.kind === 'file'),
    ).toMatchObject({ op: 'read' });
    expect(
      facts({ name: 'delete_file', arguments: { path: '/', recursive: true } }).facts.find(
        (x) => x.kind === 'file',
      ),
    ).toMatchObject({ op: 'delete', recursive: true });
    expect(
      facts({ name: 'move_file', arguments: { source: 'a', destination: '/etc/x' } }).facts.filter(
        (x) => x.kind === 'file',
      ),
    ).toMatchObject([
      { op: 'move', path: 'a', role: 'source' },
      { op: 'move', path: '/etc/x', role: 'destination' },
    ]);
    expect(
      facts({ name: 'summarise', arguments: { path: '/etc/hosts' } }).facts.some((x) => x.kind === 'file'),
    ).toBe(false);
  });

  it('gives every string leaf a span inside the evaluated text', () => {
    const r = facts({ name: 'note', arguments: { a: { b: ['x "quoted"', 'ünï'] } } });
    for (const l of r.facts.filter((x) => x.kind === 'literal'))
      expect(JSON.parse(r.text.slice(l.span.start, l.span.end))).toBe((l as { text: string }).text);
  });
});

describe('through the engine', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await testEngine({ config: { cacheEntries: 0 } });
  });

  it('denies code in a command field and reports runtime tool_call', () => {
    const d = engine.validateToolCall({ name: 'run_command', arguments: { command: 'rm -rf ~' } }).decision;
    expect(d.allowed).toBe(false);
    expect(d.runtime).toBe('tool_call');
  });

  it('allows ordinary calls', () => {
    expect(
      engine.validateToolCall({ name: 'read_file', arguments: { path: 'README.md' } }).decision.allowed,
    ).toBe(true);
  });

  it('rejects a call without a name', () => {
    expect(() => engine.validateToolCall({} as ToolCall)).toThrow(/tool call/);
  });

  it('does not change the caller object', () => {
    const call = { name: 'x', arguments: { command: 'echo hi' } };
    const before = JSON.stringify(call);
    engine.validateToolCall(call);
    expect(JSON.stringify(call)).toBe(before);
  });
});
