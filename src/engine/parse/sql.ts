/**
 * SQL parser instances, used synchronously: libpg-query (the PostgreSQL parser compiled to WASM),
 * loaded once at engine start, first; node-sql-parser's MySQL and SQLite grammars for what
 * PostgreSQL rejects. Those two cost about 27 MB of memory together and most deployments never see
 * a statement PostgreSQL rejects, so each is required on its first use (a one-time ~100 ms) rather
 * than at start. docs/architecture.md ("SQL parsing") explains the choice.
 */
import { createRequire } from 'node:module';
import { loadModule, parseSync } from 'libpg-query';
import type { AST, Option, TableColumnAst } from 'node-sql-parser';

interface NspParser {
  parse(sql: string, opt?: Option): TableColumnAst;
}
type NspModule = { Parser?: new () => NspParser; default?: { Parser: new () => NspParser } };

let loading: Promise<void> | undefined;
let ready = false;
const nsp: { mysql?: NspParser; sqlite?: NspParser } = {};
const require = createRequire(import.meta.url);

/** The dialect's node-sql-parser build, required synchronously on first use (CommonJS builds). */
function nspParser(dialect: 'mysql' | 'sqlite'): NspParser {
  const cached = nsp[dialect];
  if (cached) return cached;
  const mod = require(
    dialect === 'mysql' ? 'node-sql-parser/build/mysql.js' : 'node-sql-parser/build/sqlite.js',
  ) as NspModule;
  const Ctor = mod.Parser ?? mod.default?.Parser;
  if (!Ctor) throw new Error(`node-sql-parser ${dialect} build has no Parser export`);
  const parser = new Ctor();
  nsp[dialect] = parser;
  return parser;
}

/** Load the SQL parser; safe to call many times (one load). The engine awaits it in loadParsers(). */
export function loadSqlParser(): Promise<void> {
  loading ??= (async () => {
    await loadModule();
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

/**
 * Runs a parse whose syntax errors are caught and dropped with no stack trace captured: both
 * parsers report a rejection by throwing, and capturing the stack (never read) was about a third of
 * a rejected parse (CPU per rejected statement, loaded machine: PostgreSQL 31 → 20 µs, MySQL
 * 353 → 229 µs). Synchronous, and the limit is restored before anything else can run.
 */
function withoutStacks<T>(parse: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parse();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** PostgreSQL parse; undefined when the text is not valid PostgreSQL. */
export function parsePg(text: string): PgParseResult | undefined {
  if (!ready) throw new Error('SQL parser not loaded: await loadSqlParser() (or loadParsers()) first');
  return withoutStacks(() => {
    try {
      return parseSync(text);
    } catch {
      return undefined;
    }
  });
}

export interface NspResult {
  readonly ast: readonly AST[];
}

/** MySQL or SQLite parse of one statement; undefined when rejected. */
export function parseNsp(text: string, dialect: 'mysql' | 'sqlite'): NspResult | undefined {
  if (!ready) throw new Error('SQL parser not loaded: await loadSqlParser() (or loadParsers()) first');
  const p = nspParser(dialect);
  return withoutStacks(() => {
    try {
      const r = p.parse(text, { database: dialect === 'mysql' ? 'MySQL' : 'Sqlite' });
      const ast = Array.isArray(r.ast) ? r.ast : [r.ast];
      return { ast: ast.filter((a) => a !== null && a !== undefined) };
    } catch {
      return undefined;
    }
  });
}
