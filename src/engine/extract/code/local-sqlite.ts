/**
 * A SQLite database held in memory starts empty: dropping and recreating its tables (`DROP TABLE IF
 * EXISTS t; CREATE TABLE t ...`, every tutorial's setup) loses nothing. A file may hold data from
 * before, so its pre-existing tables stay judged (benign-r6).
 */
import { allRegeneratedTables } from '../../knowledge/sql.js';
import type { Val } from './value.js';

/** What python's sqlite3.connect(':memory:') and node's new Database(':memory:') return. */
export const SQLITE_CONNECTION = 'sqlite3.Connection()';

/** Whether `conn` is a SQLite connection to an in-memory database. */
export function memorySqlite(conn: Val | undefined): boolean {
  return conn?.ref === SQLITE_CONNECTION && conn.sources.length === 0;
}

/**
 * Statements that only set a fresh database up: drops, deletes, creates and inserts of tables named
 * without a schema (a `x.users` lives in a database ATTACHed by another call).
 */
const SETUP_STATEMENT =
  /^\s*(?:drop\s+(?:table|index|view|trigger)\s+(?:if\s+exists\s+)?[\w"`[\]]+\s*|delete\s+from\s+[\w"`[\]]+(?:\s+where\b[^;.]*)?|create\s+(?:(?:temp|temporary)\s+)?(?:table|(?:unique\s+)?index|view|trigger)\s+(?:if\s+not\s+exists\s+)?[\w"`[\]]+[\s(][^;]*|insert\s+(?:or\s+\w+\s+)?into\s+[\w"`[\]]+[\s(][^;]*)$/i;

/** Whether every statement of `sql` is setup of a fresh database (no ATTACH, VACUUM INTO or pragma). */
export function onlySetup(sql: string): boolean {
  const parts = sql.split(';').filter((p) => p.trim() !== '');
  return parts.length > 0 && parts.every((p) => SETUP_STATEMENT.test(p));
}

/** `DELETE FROM t` with no WHERE and nothing after: SQLite's own TRUNCATE (it has no TRUNCATE statement). */
const WHOLE_DELETE = /^\s*delete\s+from\s+([\w"`[\]]+)\s*;?\s*$/i;

/**
 * A SQLite table the application rebuilds by itself (a cache, a sessions table) emptied by
 * `DELETE FROM cache`: SQLite's TRUNCATE, judged as SQL-AST-003 judges `TRUNCATE cache` (R14 twin:
 * a local cache table cleared). Any other table, or a DELETE through another client, stays judged.
 */
export function sqliteRegeneratedEmptied(conn: Val | undefined, sql: string): boolean {
  if (conn?.ref !== SQLITE_CONNECTION) return false;
  const table = WHOLE_DELETE.exec(sql)?.[1];
  return table !== undefined && allRegeneratedTables([table]);
}
