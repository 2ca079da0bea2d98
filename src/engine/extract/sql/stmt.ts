/**
 * The intermediate record every SQL front end (PostgreSQL AST, node-sql-parser AST, keyword
 * fallback) produces for one statement; sql.ts turns it into a SqlStmtFact with mapped spans.
 */
import type { SqlStatementKind } from '../../facts.js';

export type SqlDialect = 'postgresql' | 'mysql' | 'sqlite' | 'keyword';

/** A string the statement hands to the database to run as SQL (dblink_exec, EXEC('...'), DO $$...$$). */
export interface DynamicSql {
  readonly code: string;
  /** Span of the string in the analysed text. */
  readonly start: number;
  readonly end: number;
}

export interface StmtInfo {
  statement: SqlStatementKind;
  object?: string;
  targets: string[];
  hasWhere?: boolean;
  tautologicalWhere?: boolean;
  dropsColumn?: boolean;
  grantsAll?: boolean;
  createsSuperuser?: boolean;
  writesFile?: string;
  runsProgram?: string;
  readsFile?: string;
  loadsLibrary?: string;
  connectsTo?: string;
  settings: string[];
  grantsRoles: string[];
  functions: string[];
  qualifiedFunctions: string[];
  readsTables: string[];
  credentialColumns: string[];
  union?: boolean;
  fallback?: boolean;
  dialect: SqlDialect;
  start: number;
  end: number;
  dynamicSql: DynamicSql[];
}

export function newStmt(
  statement: SqlStatementKind,
  dialect: SqlDialect,
  start: number,
  end: number,
): StmtInfo {
  return {
    statement,
    targets: [],
    settings: [],
    grantsRoles: [],
    functions: [],
    qualifiedFunctions: [],
    readsTables: [],
    credentialColumns: [],
    dialect,
    start,
    end,
    dynamicSql: [],
  };
}

/** Record a function name given as its dotted parts (`['utl_http', 'request']`). */
export function addFunction(s: StmtInfo, parts: readonly string[]): void {
  const clean = parts.filter((p) => p !== '').map((p) => p.toLowerCase());
  const bare = clean[clean.length - 1];
  if (bare === undefined) return;
  if (!s.functions.includes(bare)) s.functions.push(bare);
  if (clean.length > 1) {
    const q = clean.join('.');
    if (!s.qualifiedFunctions.includes(q)) s.qualifiedFunctions.push(q);
  }
}

export function addTable(list: string[], parts: readonly (string | null | undefined)[]): void {
  const name = parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .map((p) => p.toLowerCase())
    .join('.');
  if (name !== '' && !list.includes(name)) list.push(name);
}
