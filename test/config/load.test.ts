import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertEnvValue } from '../../src/config/env.js';
import { envBindings, loadConfig, redactConfig } from '../../src/config/load.js';
import { AgentGuardError } from '../../src/errors.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('ag-config-');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(fn: () => unknown): AgentGuardError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AgentGuardError) return err;
    throw err;
  }
  throw new Error('expected an AgentGuardError');
}

describe('loadConfig', () => {
  it('gives embedded defaults with no file and no environment', () => {
    const config = loadConfig({ env: {} });
    expect(config.server.host).toBe('127.0.0.1');
    expect(config.server.port).toBe(8787);
    expect(config.engine.latencyBudgetUs).toBe(35);
  });

  it('layers file, then environment, then overrides', () => {
    const path = file('a.yaml', 'server:\n  port: 9000\n  host: 0.0.0.0\nengine:\n  maxDepth: 4\n');
    const config = loadConfig({
      file: path,
      env: { AGENT_GUARD_PORT: '9100' },
      overrides: { engine: { maxDepth: 5 } },
    });
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.server.port).toBe(9100);
    expect(config.engine.maxDepth).toBe(5);
  });

  it('reads the file named by AGENT_GUARD_CONFIG, JSON too', () => {
    const path = file('b.json', JSON.stringify({ server: { port: 7000 } }));
    expect(loadConfig({ env: { AGENT_GUARD_CONFIG: path } }).server.port).toBe(7000);
  });

  it('reports every problem at once, naming keys and variables', () => {
    const path = file('c.yaml', 'server:\n  port: 99999\n  colour: blue\nnope: 1\n');
    const err = errorOf(() => loadConfig({ file: path, env: { AGENT_GUARD_MAX_DEPTH: 'deep' } }));
    expect(err.code).toBe('AG_ERR_CONFIG_INVALID');
    expect(err.message).toContain('server.port (AGENT_GUARD_PORT)');
    expect(err.message).toContain('"colour"');
    expect(err.message).toContain('"nope"');
    expect(err.message).toContain('engine.maxDepth (AGENT_GUARD_MAX_DEPTH)');
  });

  it.each([
    ['missing file', join(dir, 'missing.yaml'), 'AG_ERR_CONFIG_FILE_UNREADABLE'],
    ['bad YAML', 'bad.yaml', 'AG_ERR_CONFIG_FILE_SYNTAX'],
    ['bad JSON', 'bad.json', 'AG_ERR_CONFIG_FILE_SYNTAX'],
    ['a list at the top', 'list.yaml', 'AG_ERR_CONFIG_FILE_SYNTAX'],
  ])('%s gives %s', (_name, name, code) => {
    file('bad.yaml', 'server: [unclosed\n');
    file('bad.json', '{"server": ');
    file('list.yaml', '- 1\n- 2\n');
    const path = name.startsWith('/') ? name : join(dir, name);
    expect(errorOf(() => loadConfig({ file: path, env: {} })).code).toBe(code);
  });

  it('runs on defaults when an optional config file is absent', () => {
    const env = { AGENT_GUARD_CONFIG: join(dir, 'absent.yaml'), AGENT_GUARD_CONFIG_OPTIONAL: 'true' };
    expect(loadConfig({ env }).server.port).toBe(8787);
  });

  it('freezes the result deeply', () => {
    const config = loadConfig({ env: {} });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.server)).toBe(true);
    expect(() => {
      (config.server as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it('declares an AGENT_GUARD_ or GUARD_ variable for every setting, each once', () => {
    const names = envBindings().map((b) => b.env);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^(AGENT_GUARD|GUARD)_[A-Z0-9_]+$/);
  });

  it('never prints secret settings', () => {
    const redacted = JSON.stringify(redactConfig(loadConfig({ env: {} })));
    expect(redacted).toContain('server');
  });
});

describe('convertEnvValue', () => {
  it.each([
    ['true', { type: 'boolean' }, true],
    ['0', { type: 'boolean' }, false],
    ['42', { type: 'integer' }, 42],
    ['a, b,c', { type: 'array', items: { type: 'string' } }, ['a', 'b', 'c']],
    ['1,2', { type: 'array', items: { type: 'integer' } }, [1, 2]],
    ['["x"]', { type: 'array', items: { type: 'string' } }, ['x']],
    ['{"a":1}', { type: 'object' }, { a: 1 }],
    ['not-json', { type: 'object' }, 'not-json'],
    ['abc', { type: 'integer' }, 'abc'],
  ] as const)('%s', (raw, schema, want) => {
    expect(convertEnvValue(raw, schema)).toEqual(want);
  });
});
