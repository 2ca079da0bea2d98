/** In-memory SQLite databases and the statements that set one up (code/local-sqlite.ts). */
import { describe, expect, it } from 'vitest';
import {
  memorySqlite,
  onlySetup,
  SQLITE_CONNECTION,
} from '../../../../src/engine/extract/code/local-sqlite.js';
import { UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';

const conn = (...paths: string[]): Val => ({
  ...UNKNOWN,
  ref: SQLITE_CONNECTION,
  sources: paths.map((path) => ({ kind: 'file' as const, path })),
});

describe('memorySqlite', () => {
  it.each([
    ['in memory', conn(), true],
    ['a file, which may hold data from before', conn('students.db'), false],
    ['not a sqlite connection', { ...UNKNOWN, ref: 'psycopg2.connect()' }, false],
    ['nothing', undefined, false],
  ])('%s', (_name, v, want) => {
    expect(memorySqlite(v)).toBe(want);
  });
});

describe('onlySetup', () => {
  it.each([
    ['drop then create', 'DROP TABLE IF EXISTS t; CREATE TABLE t (a INT)', true],
    ['create and insert', 'CREATE TABLE IF NOT EXISTS t (a INT); INSERT INTO t VALUES (1)', true],
    ['delete a row', 'DELETE FROM t WHERE id = ?', true],
    ['a table of an attached database', 'DROP TABLE x.users', false],
    ['attach another file', "ATTACH DATABASE '/x.db' AS x; DROP TABLE t", false],
    ['vacuum into a path', "VACUUM INTO '/tmp/copy.db'", false],
    ['a pragma', 'PRAGMA writable_schema = 1', false],
  ])('%s', (_name, sql, want) => {
    expect(onlySetup(sql)).toBe(want);
  });
});
