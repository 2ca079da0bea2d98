import { describe, expect, it } from 'vitest';
import { injectionShape, valuePayload } from '../../../../src/engine/extract/sql/injection.js';

describe('injectionShape', () => {
  it.each([
    ["' OR '1'='1", 'closes a quoted value'],
    ["admin' --", 'comments out the rest'],
    ['1 AND SLEEP(5)', 'continues a query'],
    ["');waitfor delay '0:0:5'--", 'time delay'],
    ["SELECT * FROM t WHERE a = '' OR 'x'='x'", 'always true'],
    [
      'SELECT * FROM t WHERE id = 1 AND ascii(substr((SELECT password FROM users LIMIT 1),1,1)) > 64',
      'blind',
    ],
    ['SELECT 1 FROM t WHERE extractvalue(1, concat(0x7e, database()))', 'computed XPath'],
    ['SELECT a FROM t WHERE id = 2 UNION ALL SELECT NULL, NULL', 'column-count'],
    ['SELECT a FROM t WHERE id = 2 UNION SELECT @@version', 'catalog or version'],
    [
      'DECLARE @s varchar(200) SELECT @s = 0x77616974666f722064656c61792027303a303a313027 EXEC(@s)',
      'hex literal',
    ],
    ["SELECT * FROM users WHERE name = 'admin' OR '1'='1", 'quoting is broken'],
    [
      "SELECT * FROM posts WHERE id = 1 AND 1 = CAST((SELECT string_agg(key, ',') FROM api_keys) AS int)",
      'error-based',
    ],
    [
      'SELECT * FROM t WHERE id = 1 AND 1 = CONVERT(int, (SELECT TOP 1 token FROM auth_tokens))',
      'error-based',
    ],
    ['SELECT title FROM a WHERE id = 0 UNION ALL SELECT name FROM system.users', 'catalog'],
    ['SELECT name FROM p WHERE id = -1 UNION ALL SELECT email FROM hr.salaries', 'no row passes'],
    [
      "SELECT a FROM t WHERE s = 'a' AND 1 = toInt32((SELECT groupArray(name) FROM system.users))",
      'error-based',
    ],
    [
      'SELECT * FROM t WHERE id = 1 AND 1 = (SELECT CASE WHEN (SELECT count(*) FROM keys) > 0 THEN 1/0 ELSE 1 END)',
      'division by zero',
    ],
  ])('%s', (text, words) => {
    expect(injectionShape(text)).toContain(words);
  });

  it.each([
    "SELECT 'it''s'",
    'SELECT * FROM users WHERE 1=1 AND status = $1',
    'SELECT * FROM t ORDER BY 3',
    "SELECT id FROM s WHERE id = CAST((SELECT value FROM app_config WHERE key = 'x') AS int)",
    'SELECT id FROM ledger WHERE delta = -100 UNION ALL SELECT id FROM ledger_archive WHERE delta = -100',
    'SELECT id FROM posts WHERE deleted = 0 UNION ALL SELECT id FROM archived_posts WHERE deleted = 0',
    'SELECT id, CASE WHEN qty = 0 THEN 0 ELSE total / qty END AS unit FROM orders WHERE id = 7',
    'SELECT id FROM events WHERE toDate(created_at) = today() AND toInt32(status) = 2',
    "SELECT name FROM t WHERE a = 'x' OR b = 'y'",
    'SELECT pg_sleep(0.1)',
    "WAITFOR DELAY '00:00:01'",
    "SELECT ExtractValue(doc, '/a/b') FROM books",
    'SELECT id FROM a UNION SELECT id FROM b',
    'x IS NULL',
    '42',
  ])('ordinary: %s', (text) => {
    expect(injectionShape(text)).toBeUndefined();
  });
});

describe('valuePayload', () => {
  it.each([
    'admin" or "1"="1"--',
    '1 or 1=1',
    "1 waitfor delay '0:0:5'",
    ' ORDER BY 9-- ',
    '1; drop table users',
  ])('payload: %s', (value) => {
    expect(valuePayload(value)).toBeDefined();
  });

  it.each(['Order #42; see notes', 'Tom & Jerry', 'either "a" or "b"', "it's", 'and then some'])(
    'ordinary: %s',
    (value) => {
      expect(valuePayload(value)).toBeUndefined();
    },
  );
});

/**
 * Characters the regular expressions read while `fn` runs: from where each search starts to where it
 * stops (a global search resumes at lastIndex), a deterministic count of the scan's work.
 */
function charactersRead(fn: () => void): number {
  const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, 'exec')!.value as RegExp['exec'];
  let read = 0;
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const m = exec.call(this, input);
    read += (m === null ? input.length : m.index + m[0].length) - from;
    return m;
  };
  try {
    fn();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return read;
}

const nest = (open: string, mid: string, close: string, bytes: number): string =>
  open.repeat(Math.floor(bytes / (open.length + close.length))) +
  mid +
  close.repeat(Math.floor(bytes / (open.length + close.length)));

describe('injectionShape work (issue 22)', () => {
  // Each CAST/CONVERT site tested its own arguments, the rest of the text when nested: 29 s at the cap.
  it.each([
    [
      'nested CAST in a condition',
      'SELECT * FROM t WHERE a = ' + nest('CAST((SELECT ', '1', ' FROM t) AS int)', 32_000),
    ],
    [
      'nested CAST string_agg',
      'SELECT ' + nest('CAST((SELECT string_agg(', 'x', ", ',') FROM t) AS int)", 32_000),
    ],
    [
      'nested CONVERT',
      'SELECT * FROM t WHERE a = ' + nest('CONVERT(int, (SELECT ', '1', ' FROM t))', 32_000),
    ],
    ['nested toInt32', 'SELECT * FROM t WHERE a = ' + nest('toInt32((SELECT ', '1', '))', 32_000)],
    [
      'nested extractvalue',
      'SELECT * FROM t WHERE ' + nest('extractvalue(extractvalue(', "'/a'", ", '/a'), '/a')", 32_000),
    ],
    ['a select list of delays', 'SELECT 1' + ', pg_sleep(0)'.repeat(3_000)],
    ['a chain of constant UNION arms', 'SELECT 1' + ' UNION SELECT 1'.repeat(3_000)],
  ])('reads each character a bounded number of times: %s', (_, text) => {
    expect(charactersRead(() => injectionShape(text))).toBeLessThan(60 * text.length);
  });

  it('decides the nested shapes as before', () => {
    const leak =
      'SELECT * FROM t WHERE a = ' + nest('CAST((SELECT ', "string_agg(key, ',')", ' FROM t) AS int)', 4_000);
    expect(injectionShape(leak)).toMatch(/cast\(\) of a subquery that reads a secret column/);
    expect(injectionShape('SELECT ' + nest('CAST((SELECT ', '1', ' FROM t) AS int)', 4_000))).toBeUndefined();
  });
});
