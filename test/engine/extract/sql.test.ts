/** The SQL extractor on its own: statement facts per dialect, comments, fallback and nested SQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { unlimitedBudget } from '../../../src/engine/budget.js';
import { extractSql, loadSqlParser, looksLikeSql } from '../../../src/engine/extract/sql.js';
import type { ExtractContext } from '../../../src/engine/extract/types.js';
import type { Fact, SqlStmtFact } from '../../../src/engine/facts.js';
import type { Runtime, Span } from '../../../src/engine/types.js';

const nestedCalls: { code: string; runtime: Runtime; span: Span }[] = [];
const ctx = (depth = 0): ExtractContext => ({
  depth,
  mapSpan: (s) => s,
  budget: unlimitedBudget(),
  nested(code, runtime, span) {
    nestedCalls.push({ code, runtime, span });
    return runtime === 'sql' ? extractSql(code, { ...ctx(depth + 1), mapSpan: () => span }) : [];
  },
});
const stmts = (text: string): SqlStmtFact[] =>
  extractSql(text, ctx()).filter((f: Fact): f is SqlStmtFact => f.kind === 'sql');

beforeAll(async () => {
  await loadSqlParser();
});

describe('statement facts', () => {
  it.each([
    [
      'DROP DATABASE prod',
      { statement: 'drop', object: 'database', targets: ['prod'], dialect: 'postgresql' },
    ],
    ['DROP TABLE IF EXISTS a.b', { statement: 'drop', object: 'table', targets: ['a.b'] }],
    ['TRUNCATE a, b', { statement: 'truncate', targets: ['a', 'b'] }],
    ['DELETE FROM users WHERE id = $1', { statement: 'delete', hasWhere: true, targets: ['users'] }],
    ['DELETE FROM users', { statement: 'delete', hasWhere: false }],
    ['UPDATE t SET a = 1 WHERE 1 = 1', { statement: 'update', hasWhere: true, tautologicalWhere: true }],
    ["UPDATE t SET a = 1 WHERE id = 3 OR 'x' = 'x'", { tautologicalWhere: true }],
    ['DELETE FROM t WHERE NOT FALSE', { tautologicalWhere: true }],
    ['DELETE FROM t WHERE c = c', { tautologicalWhere: true }],
    ["DELETE FROM t WHERE name LIKE '%'", { tautologicalWhere: true }],
    // A date constructor's literal is the value compared (r12 fpsql, R11 wipe-pred).
    ["DELETE FROM t WHERE created_at > toDate('1970-01-01')", { tautologicalWhere: true }],
    [
      "ALTER TABLE t ON CLUSTER c DELETE WHERE d > toDate('1970-01-01')",
      { hasWhere: true, tautologicalWhere: true },
    ],
    ["ALTER TABLE t DELETE WHERE d < toDate('2024-01-01')", { hasWhere: true }],
    [
      'CREATE FUNCTION fetch(u text) RETURNS text AS $$ return u $$ LANGUAGE plpython3u',
      { runsProgram: 'LANGUAGE plpython3u' },
    ],
    ['ALTER TABLE t DROP COLUMN c', { statement: 'alter', dropsColumn: true }],
    ['GRANT ALL ON DATABASE d TO bob', { statement: 'grant', grantsAll: true }],
    ['CREATE ROLE r SUPERUSER', { statement: 'create', createsSuperuser: true }],
    ["COPY t TO PROGRAM 'gzip > /tmp/x'", { statement: 'copy', runsProgram: 'gzip > /tmp/x' }],
    ["COPY t TO '/tmp/t.csv'", { writesFile: '/tmp/t.csv' }],
    ["COPY t FROM '/etc/passwd'", { readsFile: '/etc/passwd' }],
    ["SELECT pg_read_file('/etc/passwd')", { functions: ['pg_read_file'] }],
    ['SELECT * FROM pg_catalog.pg_shadow', { readsTables: ['pg_catalog.pg_shadow'] }],
    ["SELECT a FROM t INTO OUTFILE '/tmp/x'", { writesFile: '/tmp/x', dialect: 'mysql' }],
    ['SELECT * FROM `mysql`.`user`', { readsTables: ['mysql.user'], dialect: 'mysql' }],
    ["LOAD DATA INFILE '/etc/passwd' INTO TABLE t", { statement: 'load', readsFile: '/etc/passwd' }],
    ["EXEC master..xp_cmdshell 'dir'", { statement: 'call', fallback: true, functions: ['xp_cmdshell'] }],
  ] as const)('%s', (text, want) => {
    expect(stmts(text)[0]).toMatchObject(want);
  });

  it('is never fooled by keywords in identifiers or strings', () => {
    expect(stmts("SELECT 'DROP TABLE x' AS drop_note, truncate FROM t").map((s) => s.statement)).toEqual([
      'select',
    ]);
  });

  it('splits multiple statements with their own spans', () => {
    const text = 'SELECT 1; DELETE FROM t;  DROP TABLE u';
    const s = stmts(text);
    expect(s.map((x) => x.statement)).toEqual(['select', 'delete', 'drop']);
    expect(s.map((x) => text.slice(x.span.start, x.span.end))).toEqual([
      'SELECT 1',
      'DELETE FROM t',
      'DROP TABLE u',
    ]);
  });

  it('maps spans of non-ASCII text from bytes to UTF-16', () => {
    const text = "SELECT 'ünïcødé'; DROP TABLE x";
    const drop = stmts(text).find((x) => x.statement === 'drop')!;
    expect(text.slice(drop.span.start, drop.span.end)).toBe('DROP TABLE x');
  });
});

describe('driver placeholders', () => {
  it.each([
    ['SELECT * FROM users WHERE id = %s AND name = %(name)s', 'select'],
    ['UPDATE t SET a = ? WHERE id = ?', 'update'],
    ['DELETE FROM t WHERE id = :id', 'delete'],
  ])('%s parses as PostgreSQL', (text, kind) => {
    expect(stmts(text)[0]).toMatchObject({ statement: kind, dialect: 'postgresql' });
  });

  it('never turns two placeholders into a tautology', () => {
    expect(stmts('DELETE FROM t WHERE ? = ?')[0]).toMatchObject({ hasWhere: true });
    expect(stmts('DELETE FROM t WHERE ? = ?')[0]!.tautologicalWhere).toBeUndefined();
  });
});

describe('comments cannot hide statements', () => {
  it.each([
    ['SELECT 1 /*! ; DROP TABLE users */', 'drop'],
    ['SELECT 1 --1; DROP TABLE t', 'drop'],
    ['SELECT 1 /* a /* nested */ ; DROP TABLE t; */', 'drop'],
  ])('%s', (text, kind) => {
    expect(stmts(text).some((s) => s.statement === kind)).toBe(true);
  });

  it('leaves ordinary comments alone', () => {
    expect(stmts('-- DROP TABLE old\n/* TRUNCATE x */ SELECT 1').map((s) => s.statement)).toEqual(['select']);
  });
});

describe('keyword fallback', () => {
  it.each([
    ["' UNION SELECT username, password FROM users--", { union: true, credentialColumns: ['password'] }],
    ["';shutdown --", { object: 'shutdown' }],
    ['DELETE FROM t WHERE', { statement: 'delete' }],
    [
      "BULK INSERT t FROM '/etc/passwd' WITH (CODEPAGE='RAW')",
      { statement: 'load', readsFile: '/etc/passwd' },
    ],
  ] as const)('%s', (text, want) => {
    const s = stmts(text);
    expect(s.every((x) => x.fallback === true || x.dialect !== 'keyword')).toBe(true);
    expect(
      s.some((x) =>
        Object.entries(want).every(
          ([k, v]) => JSON.stringify((x as unknown as Record<string, unknown>)[k]) === JSON.stringify(v),
        ),
      ),
    ).toBe(true);
  });
});

describe('nested SQL', () => {
  it('re-enters for SQL the server runs from a string', () => {
    nestedCalls.length = 0;
    const s = stmts("SELECT dblink_exec('dbname=x', 'DROP TABLE t')");
    expect(nestedCalls.map((c) => [c.runtime, c.code])).toEqual([['sql', 'DROP TABLE t']]);
    expect(s.map((x) => x.statement)).toContain('drop');
  });

  it('emits string constants as literals (not egress)', () => {
    const lits = extractSql("INSERT INTO notes VALUES ('call me at +1 415 555 2671')", ctx()).filter(
      (f) => f.kind === 'literal',
    );
    expect(lits).toMatchObject([{ text: 'call me at +1 415 555 2671', egress: false }]);
  });
});

describe('looksLikeSql', () => {
  it.each([
    ['SELECT * FROM users', true],
    ['DROP TABLE x', true],
    ['delete the old branch', false],
    ['best pizza near me', false],
    ['update my profile picture', false],
  ])('%s → %s', (text, want) => {
    expect(looksLikeSql(text)).toBe(want);
  });
});
