/**
 * The SQL parsers' wrappers: a rejected statement is `undefined` (never a throw), an accepted one a
 * parse, and the stack-trace limit the wrappers lower while a parse runs is back as it was after
 * either outcome.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlParser, parseNsp, parsePg } from '../../../src/engine/parse/sql.js';

const CASES: { name: string; parse: (text: string) => unknown; text: string; accepted: boolean }[] = [
  { name: 'PostgreSQL accepts', parse: parsePg, text: 'SELECT id FROM users WHERE id = 1', accepted: true },
  {
    name: 'PostgreSQL rejects',
    parse: parsePg,
    text: "UPDATE jobs SET state = 'done' WHERE id = %s",
    accepted: false,
  },
  {
    name: 'MySQL accepts',
    parse: (t) => parseNsp(t, 'mysql'),
    text: 'SELECT `id` FROM `users`',
    accepted: true,
  },
  { name: 'MySQL rejects', parse: (t) => parseNsp(t, 'mysql'), text: 'SELEC id FRM users', accepted: false },
  { name: 'SQLite rejects', parse: (t) => parseNsp(t, 'sqlite'), text: 'DROP TABL x', accepted: false },
];

describe('SQL parse wrappers', () => {
  beforeAll(async () => {
    await loadSqlParser();
  });

  it.each(CASES)('$name, and the stack-trace limit is unchanged', ({ parse, text, accepted }) => {
    const before = Error.stackTraceLimit;
    const result = parse(text);
    expect(result !== undefined).toBe(accepted);
    expect(Error.stackTraceLimit).toBe(before);
  });
});
