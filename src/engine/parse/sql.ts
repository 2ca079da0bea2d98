/**
 * SQL parser instances, loaded once (engine start) and then used synchronously: libpg-query (the
 * PostgreSQL parser compiled to WASM) first, node-sql-parser's MySQL and SQLite grammars for what
 * PostgreSQL rejects. docs/architecture.md ("SQL parsing") explains the choice.
 */
import { loadModule, parseSync } from 'libpg-query';
import type { AST, Option, TableColumnAst } from 'node-sql-parser';

interface NspParser {
  parse(sql: string, opt?: Option): TableColumnAst;
}
type NspModule = { Parser?: new () => NspParser; default?: { Parser: new () => NspParser } };

let loading: Promise<void> | undefined;
let ready = false;
let mysql: NspParser | undefined;
let sqlite: NspParser | undefined;

async function loadNsp(path: 'mysql' | 'sqlite'): Promise<NspParser> {
  const mod = (await (path === 'mysql'
    ? import('node-sql-parser/build/mysql.js')
    : import('node-sql-parser/build/sqlite.js'))) as unknown as NspModule;
  const Ctor = mod.Parser ?? mod.default?.Parser;
  if (!Ctor) throw new Error(`node-sql-parser ${path} build has no Parser export`);
  return new Ctor();
}

/** Load the SQL parsers; safe to call many times (one load). The engine awaits it in loadParsers(). */
export function loadSqlParser(): Promise<void> {
  loading ??= (async () => {
    const [, my, lite] = await Promise.all([loadModule(), loadNsp('mysql'), loadNsp('sqlite')]);
    mysql = my;
    sqlite = lite;
    ready = true;
  })();
  return loading;
}

export const sqlParserReady = (): boolean => ready;

export interface PgParseResult {
  readonly stmts?: readonly {
    readonly stmt?: unknown;
    readonly stmt_location?: number;
    readonly stmt_len?: number;
  }[];
}

/** PostgreSQL parse; undefined when the text is not valid PostgreSQL. */
export function parsePg(text: string): PgParseResult | undefined {
  if (!ready) throw new Error('SQL parser not loaded: await loadSqlParser() (or loadParsers()) first');
  try {
    return parseSync(text);
  } catch {
    return undefined;
  }
}

export interface NspResult {
  readonly ast: readonly AST[];
}

/** MySQL or SQLite parse of one statement; undefined when rejected. */
export function parseNsp(text: string, dialect: 'mysql' | 'sqlite'): NspResult | undefined {
  const p = dialect === 'mysql' ? mysql : sqlite;
  if (!p) throw new Error('SQL parser not loaded: await loadSqlParser() (or loadParsers()) first');
  try {
    const r = p.parse(text, { database: dialect === 'mysql' ? 'MySQL' : 'Sqlite' });
    const ast = Array.isArray(r.ast) ? r.ast : [r.ast];
    return { ast: ast.filter((a) => a !== null && a !== undefined) };
  } catch {
    return undefined;
  }
}
