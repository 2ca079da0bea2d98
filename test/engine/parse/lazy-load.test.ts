/**
 * Parsers that load on first use: an engine starts with the bash grammar and libpg-query; the
 * python and JavaScript grammars and node-sql-parser load inside the first evaluation that needs
 * them, and that first decision is the same as every later one. Runs in its own test file so that
 * nothing has loaded them before.
 */
import { describe, expect, it } from 'vitest';
import { hasParser } from '../../../src/engine/parse/index.js';
import { sqlParserReady } from '../../../src/engine/parse/sql.js';
import type { Decision } from '../../../src/engine/types.js';
import { testEngine } from '../../helpers/engine.js';

/** Inputs whose parser loads on first use, with the decision expected of each. */
const FIRST_USE: { runtime: 'sql' | 'python' | 'node' | 'tool_call'; text: string; allowed: boolean }[] = [
  // PostgreSQL rejects these: node-sql-parser's MySQL grammar (required on first use) reads them.
  { runtime: 'sql', text: 'DELETE FROM `users`', allowed: false },
  { runtime: 'sql', text: 'SELECT `id` FROM `users` WHERE `id` = 1', allowed: true },
  { runtime: 'tool_call', text: 'DROP TABLE `orders`', allowed: false }, // { name: 'run_sql', arguments: { sql } }
  { runtime: 'python', text: "import shutil\nshutil.rmtree('/')", allowed: false },
  { runtime: 'python', text: 'print(sum(range(10)))', allowed: true },
  { runtime: 'node', text: "require('fs').rmSync('/', { recursive: true })", allowed: false },
  { runtime: 'node', text: 'console.log([1, 2, 3].map((x) => x * 2))', allowed: true },
];

/** Every FIRST_USE input through a fresh engine without a cache. */
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
  it('an engine starts with bash and SQL only; first decisions equal the later ones', async () => {
    const engine = await testEngine();
    expect(engine.evaluate({ text: 'ls -la', runtime: 'bash' }).decision.allowed).toBe(true);
    expect(hasParser('bash')).toBe(true);
    expect(sqlParserReady()).toBe(true);
    expect(hasParser('python')).toBe(false);
    expect(hasParser('node')).toBe(false);

    const first = await evaluateAll(); // loads node-sql-parser (MySQL), python and JavaScript
    expect(hasParser('python')).toBe(true);
    expect(hasParser('node')).toBe(true);
    expect(first.map((d) => d.allowed)).toEqual(FIRST_USE.map((c) => c.allowed));

    const later = await evaluateAll(); // a fresh engine (no cache) with everything loaded
    expect(later).toEqual(first);
  });
});
