/**
 * The SQL extractor: one SqlStmtFact per statement (PostgreSQL parser first, MySQL and SQLite
 * grammars for what it rejects, a keyword fallback last), LiteralFacts for string constants, and
 * re-entry for SQL the statement hands to the server as a string (DO blocks, dblink_exec, EXEC).
 */
import { DEFAULT_WORK_UNITS, parseUnits, type WorkBudget } from '../budget.js';
import type { Fact, FileOpFact, LiteralFact, NetOpFact, SqlStmtFact } from '../facts.js';
import type { Span } from '../types.js';
import { fallbackStatements } from './sql/fallback.js';
import { collectVars } from './sql/fold.js';
import { fromNsp } from './sql/from-nsp.js';
import { replacedTable } from './sql/replace.js';
import { statementEffects } from './sql/effects.js';
import { selfUpsert } from './sql/upsert.js';
import { switchesStrictOff, truncatingRetype } from './sql/narrowing.js';
import { clientCommands, type ClientCommand } from './sql/client.js';
import { cypherAsSql } from './tool-call/cypher.js';
import { foreignAccess } from './sql/foreign.js';
import { fromPg } from './sql/from-pg.js';
import { injectionShape, valuePayload } from './sql/injection.js';
import type { J } from './sql/json.js';
import { lexesOf, lexSql, type Lexes, type LexResult, type SqlToken } from './sql/lexer.js';
import { parseNsp, parsePg } from '../parse/sql.js';
import type { StmtInfo } from './sql/stmt.js';
import type { ExtractContext, Extractor } from './types.js';

export { loadSqlParser, sqlParserReady } from '../parse/sql.js';

interface LiteralAt {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

interface Analysis {
  readonly stmts: StmtInfo[];
  readonly literals: LiteralAt[];
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, NUL included
const ASCII = /^[\x00-\x7f]*$/;

/** Byte offset → UTF-16 index, for the parser's byte locations in non-ASCII text. */
function byteIndex(text: string): (b: number) => number {
  if (ASCII.test(text)) return (b) => b;
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    const bytes = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    for (let k = 0; k < bytes; k++) map.push(i);
    if (c >= 0x10000) i++;
  }
  map.push(text.length);
  return (b) => map[Math.min(b, map.length - 1)]!;
}

const skipSpace = (text: string, i: number, end: number): number => {
  while (i < end && /\s/.test(text[i]!)) i++;
  return i;
};

function pgStatements(
  text: string,
  base: number,
  stmts: StmtInfo[],
  budget: WorkBudget,
  lexes?: Lexes,
): boolean {
  let parsed = parsePg(text);
  if (!parsed) {
    const neutral = withNeutralPlaceholders(text, lexes);
    if (neutral !== undefined) parsed = parsePg(neutral);
  }
  if (!parsed) return false;
  // Parsed, but converting the tree and judging its statements is over budget: stop (ENG-AST-002).
  const raws = parsed.stmts ?? [];
  if (!budget.spend(treeUnits(raws), 'sql statements')) return true;
  const toIndex = byteIndex(text);
  const total = Buffer.byteLength(text);
  for (const raw of raws) {
    const loc = raw.stmt_location ?? 0;
    const len = raw.stmt_len !== undefined && raw.stmt_len > 0 ? raw.stmt_len : total - loc;
    const end = toIndex(loc + len);
    const start = skipSpace(text, toIndex(loc), end);
    for (const s of fromPg(raw.stmt, start, end, { text, toIndex })) stmts.push(shift(s, base));
  }
  return true;
}

function shift(s: StmtInfo, base: number): StmtInfo {
  if (base === 0) return s;
  s.start += base;
  s.end += base;
  s.dynamicSql = s.dynamicSql.map((d) => ({ code: d.code, start: d.start + base, end: d.end + base }));
  return s;
}

function nspStatements(text: string, base: number, stmts: StmtInfo[]): boolean {
  for (const dialect of ['mysql', 'sqlite'] as const) {
    const r = parseNsp(text, dialect);
    if (!r || r.ast.length === 0) continue;
    // Several statements in one segment cannot be told apart by position; they share its span.
    for (const ast of r.ast) stmts.push(fromNsp(ast as unknown as J, dialect, base, base + text.length));
    return true;
  }
  return false;
}

const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';

/** A distinct identifier of exactly `length` UTF-16 units for placeholder number `n`. */
function placeholderName(n: number, length: number): string {
  let out = '';
  let v = n;
  for (let i = 0; i < length; i++) {
    out += GREEK[v % GREEK.length];
    v = Math.floor(v / GREEK.length);
  }
  return out;
}

/**
 * Driver placeholders PostgreSQL's grammar rejects (`?`, `%s`, `%(name)s`, `:name`, as Python,
 * JDBC and PHP code writes them) replaced, outside strings and comments, by distinct identifiers of
 * the same length, so offsets stay valid and `? = ?` never reads as a tautology. Undefined when the
 * text has none.
 */
function withNeutralPlaceholders(text: string, lexes?: Lexes): string | undefined {
  if (!/[?%:]/.test(text)) return undefined;
  const { tokens } = lexes !== undefined ? lexes(false) : lexSql(text, { mysql: false });
  let out = '';
  let last = 0;
  let n = 0;
  const replace = (start: number, end: number): void => {
    out += text.slice(last, start) + placeholderName(n++, end - start);
    last = end;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (t.kind === 'op' && t.value === '?') replace(t.start, t.end);
    else if (
      t.kind === 'op' &&
      t.value === '%' &&
      next?.kind === 'word' &&
      next.value === 's' &&
      next.start === t.end
    ) {
      replace(t.start, next.end);
      i++;
    } else if (t.kind === 'op' && t.value === '%' && next?.value === '(' && next.start === t.end) {
      const close = text.indexOf(')s', next.end);
      if (close > 0 && /^\w+$/.test(text.slice(next.end, close))) {
        replace(t.start, close + 2);
        while (tokens[i + 1] !== undefined && tokens[i + 1]!.start < close + 2) i++;
      }
    } else if (
      t.kind === 'param' &&
      t.value.startsWith(':') &&
      text[t.start - 1] !== ':' &&
      // `schema:table` (DB2/Derby SYSUSER:SYSINTAUTHUSERS) is a name, not a bind placeholder.
      !/[\w$]/.test(text[t.start - 1] ?? '')
    )
      replace(t.start, t.end);
  }
  if (n === 0) return undefined;
  return out + text.slice(last);
}

/** Largest statement handed to node-sql-parser's MySQL/SQLite grammars: they backtrack on what they reject. */
const MAX_NSP_BYTES = 8 * 1024;
/**
 * Work units per byte of a node-sql-parser attempt (about 10 µs a byte, measured by
 * bench/worst-case.bench.ts). Optional precision: it is tried only while half the budget is left,
 * and the keyword fallback reads the statement otherwise.
 */
const NSP_UNITS_PER_BYTE = 100;
/**
 * Units an analysis may have spent, this attempt included, for node-sql-parser to be tried: half
 * the default budget. A fixed figure, not a share of the budget in hand, so a smaller budget (the
 * caller's slice, src/engine/offload.ts) only stops work and never changes what is tried.
 */
const NSP_SHARE_UNITS = DEFAULT_WORK_UNITS / 2;
/**
 * Deepest nesting of parenthesised queries (`(SELECT`, `(WITH`) handed to node-sql-parser. Its PEG
 * grammars backtrack through them when the statement does not parse, doubling the work per level
 * whatever the byte count (the fuzz test: thirteen unclosed `(SELECT` in 440 bytes took 41 s, ten
 * balanced ones around a stray comma 2 s). Deeper statements are read by the keyword fallback, and
 * each level up to it doubles the attempt's charge (bench/worst-case.bench.ts, 4-deep rows).
 */
const NSP_MAX_QUERY_NESTING = 4;

/** How deep `tokens[from..to)` nest parenthesised queries (`(SELECT (SELECT` is 2). */
function queryNesting(tokens: readonly SqlToken[], from: number, to: number): number {
  // For each open parenthesis, whether it opens a query; `queries` counts those open now.
  const open: boolean[] = [];
  let queries = 0;
  let deepest = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'punct') continue;
    if (t.value === '(') {
      const next = tokens[i + 1];
      const query =
        next !== undefined && next.kind === 'word' && (next.value === 'select' || next.value === 'with');
      open.push(query);
      if (query) deepest = Math.max(deepest, ++queries);
    } else if (t.value === ')' && open.pop() === true) queries--;
  }
  return deepest;
}

/** Extra units a PostgreSQL parse that fails costs (libpg-query's error path: about 30 µs). */
const PG_FAILURE_UNITS = 300;
/**
 * Units of one libpg-query call beyond parseUnits: a fixed cost (the WASM call, copying the text in
 * and the JSON tree out, about 30 µs) and a per-byte cost (the tree is several times the text and
 * our walk of it follows, about 1.2 µs a byte in all). Measured with bench/worst-case.bench.ts:
 * valid statements and executable comments at the size cap took 200-300 ms when only parseUnits
 * was charged; at 6 units a byte, 160 KB of short statements or a 16,000-term OR list took 150-330
 * ms of main-thread CPU on a first call (100-180 ms warm), so the per-byte charge is 12 units.
 */
const pgUnits = (bytes: number): number => parseUnits(bytes) + 300 + 10 * bytes;
/**
 * Units per node of a PostgreSQL tree, charged after the parse and before the tree is converted:
 * converting it (expressions folded for tautologies, functions and columns collected) costs per
 * node, and dense expressions have twice the nodes per byte of value lists (an OR list 1,300 per
 * KB, a VALUES list 600). bench/worst-case.bench.ts: an 80 KB OR list took 4.7 times the budget.
 */
const PG_NODE_UNITS = 8;
/**
 * Units per statement for the work each one gets after the parse: its fact, and the rules that read
 * every statement's text (bench/worst-case.bench.ts: 80 KB of 5,400 one-literal statements took
 * four times the budget when only bytes were charged).
 */
const STATEMENT_UNITS = 300;
/** Nodes in the parse tree of `raws` (an explicit stack: the tree nests as deep as the SQL does). */
function treeUnits(raws: readonly unknown[]): number {
  let nodes = 0;
  const stack: unknown[] = [...raws];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    nodes++;
    if (Array.isArray(v)) {
      for (const c of v) if (c !== null && typeof c === 'object') stack.push(c);
    } else
      for (const k in v as Record<string, unknown>) {
        const c = (v as Record<string, unknown>)[k];
        if (c !== null && typeof c === 'object') stack.push(c);
      }
  }
  return nodes * PG_NODE_UNITS + raws.length * STATEMENT_UNITS;
}

/** The fewest units analysing `hidden` can spend: analyse() charges a parse of each one not blank. */
function hiddenFloor(hidden: LexResult['hidden']): number {
  let floor = 0;
  for (const h of hidden) if (h.code.trim() !== '') floor += pgUnits(h.code.length);
  return floor;
}

/** PL/pgSQL, PL/SQL and T-SQL block words that may open a statement segment inside a body. */
const BLOCK_LEAD =
  /^\s*(?:(?:begin|loop|then|else)\s+)+(?=(?:delete|update|insert|truncate|drop|alter|grant|with)\b)/i;

/** Analyse `text` whose offset in the extractor's input is `base`; stops when `budget` runs out. */
function analyse(
  text: string,
  base: number,
  depthGuard: number,
  budget: WorkBudget,
  lexes: Lexes = lexesOf(text),
): Analysis {
  const stmts: StmtInfo[] = [];
  const literals: LiteralAt[] = [];
  if (text.trim() === '') return { stmts, literals };
  if (!budget.spend(pgUnits(text.length), 'sql statements')) return { stmts, literals };
  const needsLex = /['$"`]|--|\/\*/.test(text);
  let lexed: LexResult | undefined;
  if (pgStatements(text, base, stmts, budget, lexes)) {
    if (needsLex) lexed = lexes(false);
    // MySQL reads `\'` and `\"` as escaped quotes where PostgreSQL does not (red team r3: `SELECT
    // 'a\'' ; DROP TABLE users; -- '`): where the two splits differ, MySQL's statements count too.
    if (lexed !== undefined && depthGuard < 3 && text.includes('\\')) {
      const mysql = lexes(true);
      const seen = new Set(lexed.statements.map((r) => `${r.start}:${r.end}`));
      for (const r of mysql.statements) {
        if (seen.has(`${r.start}:${r.end}`) || budget.exhausted) continue;
        for (const s of analyse(text.slice(r.start, r.end), base + r.start, depthGuard + 1, budget).stmts) {
          s.fallback = true;
          stmts.push(s);
        }
      }
    }
  } else {
    lexed = lexes(true);
    // Tokens and statement ranges are both in text order: one cursor walks them (linear).
    let cursor = 0;
    // Variables are batch-wide: `DECLARE @q ... = '...'` in one statement, `EXEC(@q)` in the next.
    const vars = collectVars(lexed.tokens);
    // Each statement below spends at least its parse's units: when they already pass what is left,
    // the budget runs out now instead of after seconds of failing parses (the same decision).
    let floor = 0;
    for (const range of lexed.statements) floor += pgUnits(range.end - range.start);
    if (floor > budget.remaining) budget.spend(budget.remaining + 1, 'sql statements');
    for (const range of budget.exhausted ? [] : lexed.statements) {
      const seg = text.slice(range.start, range.end);
      while (cursor < lexed.tokens.length && lexed.tokens[cursor]!.start < range.start) cursor++;
      const first = cursor;
      while (cursor < lexed.tokens.length && lexed.tokens[cursor]!.end <= range.end) cursor++;
      if (!budget.spend(pgUnits(seg.length) + (cursor - first), 'sql statements')) break;
      if (pgStatements(seg, base + range.start, stmts, budget)) continue;
      if (!budget.spend(PG_FAILURE_UNITS, 'sql statements')) break;
      // A procedural block's control words before a statement (`BEGIN LOOP DELETE ...` of a DO
      // body, R12) are not part of it: the statement after them is parsed as itself.
      const lead = BLOCK_LEAD.exec(seg)?.[0].length ?? 0;
      if (lead > 0 && pgStatements(seg.slice(lead), base + range.start + lead, stmts, budget)) continue;
      const nesting = queryNesting(lexed.tokens, first, cursor);
      const nspCost = seg.length * NSP_UNITS_PER_BYTE * 2 ** Math.max(0, nesting - 1);
      if (
        seg.length <= MAX_NSP_BYTES &&
        nesting <= NSP_MAX_QUERY_NESTING &&
        budget.used + nspCost <= NSP_SHARE_UNITS &&
        budget.spend(nspCost, 'sql statements') &&
        nspStatements(seg, base + range.start, stmts)
      )
        continue;
      let tokens = lexed.tokens.slice(first, cursor);
      if (lexed.unterminated) {
        // An unbalanced quote (an injection fragment such as `' UNION SELECT ...`) would swallow
        // the rest as a string: read the words without quoting instead.
        tokens = lexSql(seg.replace(/['"`]/g, ' '), { mysql: true }).tokens.map((t) => ({
          ...t,
          start: t.start + range.start,
          end: t.end + range.start,
        }));
      }
      for (const s of fallbackStatements(tokens, range.start, range.end, vars)) {
        if (!budget.spend(STATEMENT_UNITS, 'sql statements')) break;
        stmts.push(shift(s, base));
      }
    }
  }
  if (lexed) {
    for (const t of lexed.tokens)
      if (t.kind === 'string' && t.value.length >= 2)
        literals.push({ value: t.value, start: base + t.start, end: base + t.end });
    // Comments one dialect executes: analyse their content as statements too. Each one that is not
    // blank spends at least its parse's units: when they already pass what is left, the budget
    // runs out now instead of after thousands of parses (the same decision, ENG-AST-002).
    if (depthGuard < 3 && hiddenFloor(lexed.hidden) > budget.remaining)
      budget.spend(budget.remaining + 1, 'sql statements');
    if (depthGuard < 3)
      for (const h of lexed.hidden) {
        if (budget.exhausted) break;
        const inner = analyse(h.code, base + h.start, depthGuard + 1, budget);
        for (const s of inner.stmts) {
          s.fallback = true;
          stmts.push(s);
        }
      }
  }
  return { stmts, literals };
}

/**
 * MySQL server log files set to a path (`SET GLOBAL general_log_file = '/var/www/x.php'`): every
 * later query is written there, the known way to plant a web shell without FILE privilege.
 */
const LOG_FILE_SETTING = /\b(?:general_log_file|slow_query_log_file)\s*(?:=|:=|\bto\b)\s*(['"])([^'"]*)\1/i;

/** A plain relative file name without `..` (no `~`, drive, scheme or absolute path). */
const workspaceRelative = (path: string): boolean =>
  /^[\w.-][\w./-]*$/.test(path) && !path.split('/').includes('..') && !/^[\w.-]*:/.test(path);

const VACUUM_INTO = /^\s*vacuum\s+(?:[\w."`]+\s+)?into\s+(['"])([^'"]*)\1/i;

function toFact(s: StmtInfo, text: string, ctx: ExtractContext): SqlStmtFact {
  const span: Span = ctx.mapSpan({ start: s.start, end: s.end });
  if (s.writesFile === undefined && /\bset\b/i.test(text.slice(s.start, s.end))) {
    const log = LOG_FILE_SETTING.exec(text.slice(s.start, s.end));
    if (log) s.writesFile = log[2]!;
  }
  // psql's \copy writes on the client, in the current directory: a plain relative file name is the
  // project's own output. Absolute or `..` paths stay server-style file writes (fail closed).
  // PostgreSQL refuses a relative COPY ... TO path, so one is DuckDB's (or psql's \copy) writing
  // in the current directory: the project's own output (red team r3 FP).
  if (s.statement === 'copy' && s.writesFile !== undefined && workspaceRelative(s.writesFile))
    delete s.writesFile;
  // SQLite VACUUM INTO 'file' writes a copy of the database to any path (a relative one: beside it).
  const vacuum = s.writesFile === undefined ? VACUUM_INTO.exec(text.slice(s.start, s.end)) : null;
  if (vacuum && !workspaceRelative(vacuum[2]!)) s.writesFile = vacuum[2]!;
  // SQLite ATTACH of a relative file (or an in-memory database) opens one beside the project's own;
  // a `file:` URI names the same file, its `?mode=ro` options after the path.
  const attached = s.writesFile?.replace(/^file:(?!\/)/i, '').replace(/\?[^/]*$/, '');
  if (
    s.object === 'attach' &&
    attached !== undefined &&
    (workspaceRelative(attached) || attached === ':memory:')
  )
    delete s.writesFile;
  // `COPY (SELECT ... FROM 'data/kpis.parquet') TO ...`: a query that reads a quoted file is DuckDB's
  // (PostgreSQL's COPY query cannot), reading the project's own file beside it (R24 FP).
  if (
    s.statement === 'copy' &&
    s.readsFile !== undefined &&
    workspaceRelative(s.readsFile) &&
    /^\s*copy\s*\(\s*(?:select|with|from)\b/i.test(text.slice(s.start, s.end))
  )
    delete s.readsFile;
  // LOAD DATA LOCAL INFILE reads the client's file; a relative one is the project's own data.
  if (
    s.readsFile !== undefined &&
    workspaceRelative(s.readsFile) &&
    /^\s*load\s+data\s+(?:low_priority\s+|concurrent\s+)?local\b/i.test(text.slice(s.start, s.end))
  )
    delete s.readsFile;
  if (s.statement === 'create') {
    const foreign = foreignAccess(text.slice(s.start, s.end));
    s.connectsTo ??= foreign.connectsTo;
    s.runsProgram ??= foreign.runsProgram;
    s.readsFile ??= foreign.readsFile;
  }
  const fact: SqlStmtFact = {
    kind: 'sql',
    span,
    runtime: 'sql',
    depth: ctx.depth,
    statement: s.statement,
    targets: s.targets,
    functions: s.functions,
    readsTables: s.readsTables,
    text: text.slice(s.start, s.end),
    dialect: s.dialect,
    ...(s.object !== undefined && { object: s.object }),
    ...(s.hasWhere !== undefined && { hasWhere: s.hasWhere }),
    ...(s.tautologicalWhere && { tautologicalWhere: true }),
    ...(s.dropsColumn && { dropsColumn: true }),
    ...(s.grantsAll && { grantsAll: true }),
    ...(s.createsSuperuser && { createsSuperuser: true }),
    ...(s.writesFile !== undefined && { writesFile: s.writesFile }),
    ...(s.runsProgram !== undefined && { runsProgram: s.runsProgram }),
    ...(s.readsFile !== undefined && { readsFile: s.readsFile }),
    ...(s.loadsLibrary !== undefined && { loadsLibrary: s.loadsLibrary }),
    ...(s.connectsTo !== undefined && { connectsTo: s.connectsTo }),
    ...(s.settings.length > 0 && { settings: s.settings }),
    ...(s.grantsRoles.length > 0 && { grantsRoles: s.grantsRoles }),
    ...(s.qualifiedFunctions.length > 0 && { qualifiedFunctions: s.qualifiedFunctions }),
    ...(s.credentialColumns.length > 0 && { credentialColumns: s.credentialColumns }),
    ...(s.union && { union: true }),
    ...(s.fallback && { fallback: true }),
  };
  return fact;
}

const CREATE_TEMP =
  /^\s*create\s+(?:or\s+replace\s+)?(?:global\s+|local\s+)?temp(?:orary)?\s+table\s+(?:if\s+not\s+exists\s+)?([\w$."`[\]]+)/i;
const bareName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[`"[\]]/g, '')
    .split('.')
    .pop()!;

/** A query that returns no rows whatever the tables hold: WHERE false, LIMIT 0, TOP 0. */
const EMPTY_QUERY =
  /\b(?:where\s+(?:false|0|null|not\s+true|1\s*=\s*0|1\s*<>\s*1)|limit\s+0|top\s*\(?\s*0)\b/i;

/**
 * `CREATE OR REPLACE TABLE t AS SELECT ... FROM other` (a dbt-style rebuild, red team r4 FP): the
 * new rows come from other tables, so nothing but t's last build is lost. It stays a drop when the
 * query reads t itself (a filtered self-copy deletes rows), reads no table, or returns no rows.
 */
function rebuild(s: StmtInfo, stmtText: string, table: string): boolean {
  if (s.statement !== 'create' || !/\bas\s*\(?\s*(?:select|with)\b/i.test(stmtText)) return false;
  const own = bareName(table);
  const reads = s.readsTables.map(bareName).filter((t) => t !== '');
  return reads.length > 0 && !reads.includes(own) && !EMPTY_QUERY.test(stmtText);
}

/** Whether a DROP removes only temporary tables (see SqlStmtFact.temporary). */
function dropsTemporary(s: StmtInfo, stmtText: string, temps: ReadonlySet<string>): boolean {
  if (s.statement !== 'drop' || s.object !== 'table' || s.targets.length === 0) return false;
  if (/^\s*drop\s+temporary\s+table\b/i.test(stmtText)) return true;
  return s.targets.every((t) => t.startsWith('#') || temps.has(bareName(t)));
}

/** Cypher, not SQL: a MATCH or MERGE of a pattern (SQL's MERGE is followed by INTO or a table name). */
const CYPHER_START = /^\s*(?:(?:OPTIONAL\s+)?MATCH|MERGE)\s*\(|^\s*CALL\s+apoc\.periodic\.|^\s*CALL\s*\{/i;

export function extractSql(input: string, ctx: ExtractContext): Fact[] {
  // Cypher sent to a SQL runtime (r9 FP: one relationship deleted): its deletes and updates are
  // judged as the SQL they amount to; what the keyword reading makes of them is dropped.
  const cypher = CYPHER_START.test(input) ? cypherAsSql(input) : undefined;
  if (cypher !== undefined)
    return [
      ...sqlFacts(input, ctx).filter(
        (f) => f.kind !== 'sql' || (f.statement !== 'delete' && f.statement !== 'update'),
      ),
      ...ctx.nested(cypher, 'sql', { start: 0, end: input.length }, 'cypher'),
    ];
  return sqlFacts(input, ctx);
}

function sqlFacts(input: string, ctx: ExtractContext): Fact[] {
  // Client meta-commands (`\! cmd`, `.shell`, `\o file`, `\gexec`) are blanked out of the SQL.
  const { sql: text, commands, copies } = clientCommands(input);
  // The analysis and the injection scan below read the same lexes of the text.
  const lexes = lexesOf(text);
  const { stmts, literals } = analyse(text, 0, 0, ctx.budget, lexes);
  const facts: Fact[] = [];
  if (commands.length > 0) facts.push(...clientFacts(commands, literals, ctx));
  if (FILE_READER_GATE.test(text)) facts.push(...fileReaderFacts(text, ctx));
  const temps = new Set<string>();
  // Strict mode switched off earlier in the batch: a later column retype truncates (sql/narrowing.ts).
  let lax = false;
  for (const s of stmts) {
    const stmtText = text.slice(s.start, s.end);
    if (s.statement === 'alter' && truncatingRetype(stmtText, lax)) s.dropsColumn = true;
    else if (s.statement !== 'alter' && !lax) lax = switchesStrictOff(stmtText);
    if (s.statement === 'create') {
      const m = CREATE_TEMP.exec(stmtText);
      if (m) temps.add(bareName(m[1]!));
    }
    const handoffs = statementEffects(s, stmtText);
    const fact = clientFile(toFact(s, text, ctx), s.start, copies);
    facts.push(dropsTemporary(s, stmtText, temps) ? { ...fact, temporary: true } : fact);
    // CREATE OR REPLACE TABLE / INSERT OVERWRITE: the existing table is dropped or emptied first.
    const replaced =
      s.statement === 'create' || s.statement === 'insert' ? replacedTable(stmtText) : undefined;
    if (
      replaced !== undefined &&
      !temps.has(bareName(replaced.table)) &&
      !rebuild(s, stmtText, replaced.table)
    )
      facts.push({ ...fact, statement: replaced.effect, object: replaced.object, targets: [replaced.table] });
    // An upsert fed from its own table overwrites every row: an UPDATE without WHERE.
    const upserted = s.statement === 'insert' ? selfUpsert(stmtText) : undefined;
    if (upserted !== undefined)
      facts.push({
        ...fact,
        statement: 'update',
        hasWhere: true,
        tautologicalWhere: true,
        targets: [upserted],
      });
    for (const h of handoffs)
      facts.push(
        ...bodyFacts(
          ctx.nested(h.code, 'sql', { start: s.start + h.at, end: s.start + h.at + h.code.length }, 'sql'),
        ),
      );
    for (const d of s.dynamicSql)
      facts.push(...bodyFacts(ctx.nested(d.code, 'sql', { start: d.start, end: d.end }, 'sql')));
  }
  // An injection payload spans statements (`'; WAITFOR DELAY ...--`): judged once, on the whole text.
  // It lexes and scans the whole text again: charged as a parse, and skipped once the budget is out.
  const injection = ctx.budget.spend(parseUnits(text.length), 'sql injection shape')
    ? (injectionShape(text, lexes) ?? comparedPayload(text, literals))
    : undefined;
  const first = injection === undefined ? -1 : facts.findIndex((f) => f.kind === 'sql');
  if (first >= 0) facts[first] = { ...(facts[first] as SqlStmtFact), injection: injection! };
  for (const l of literals) {
    const lit: LiteralFact = {
      kind: 'literal',
      span: ctx.mapSpan({ start: l.start, end: l.end }),
      runtime: 'sql',
      depth: ctx.depth,
      text: l.value,
      egress: false,
    };
    facts.push(lit);
  }
  return facts;
}

/** A value compared in a condition (`= '...'`, `IN ('...'`), not one a row stores (SET, VALUES) or a LIKE search. */
const COMPARED = /(?:[=>]|<>|\bin\s*\(\s*)\s*[nN]?$/i;
const LAST_CLAUSE =
  /\b(where|having|on|when|set|values)\b(?![\s\S]*\b(?:where|having|on|when|set|values)\b)/i;

/**
 * A payload spliced whole into a quoted value a condition compares (`WHERE name = '" or "1"="1'`,
 * `= '1 waitfor delay ...'`): the application's query string carries the attacker's text.
 */
function comparedPayload(text: string, literals: readonly LiteralAt[]): string | undefined {
  for (const l of literals) {
    if (!COMPARED.test(text.slice(Math.max(0, l.start - 16), l.start))) continue;
    const shape = valuePayload(l.value);
    if (shape === undefined) continue;
    const clause = LAST_CLAUSE.exec(text.slice(Math.max(0, l.start - 600), l.start))?.[1]?.toLowerCase();
    if (clause !== undefined && clause !== 'set' && clause !== 'values')
      return `a compared value that is ${shape}`;
  }
  return undefined;
}

/** A path beside the project (relative, without `..`) or in /tmp. */
const LOCAL_PATH = /^(?:\/tmp\/|(?![/~$\\])(?!.*\.\.))[^\s]*$/;

/**
 * A `\copy` reads or writes the client's file, not the server's: a file beside the project is
 * dropped from its fact; one elsewhere (`~/.bashrc`) stays a file the statement writes.
 */
function clientFile(
  fact: SqlStmtFact,
  at: number,
  copies: readonly { readonly start: number; readonly end: number }[],
): SqlStmtFact {
  if (!copies.some((c) => at >= c.start && at < c.end)) return fact;
  const { writesFile, readsFile, ...rest } = fact;
  return {
    ...rest,
    ...(writesFile !== undefined && !LOCAL_PATH.test(writesFile) ? { writesFile } : {}),
    ...(readsFile !== undefined && !LOCAL_PATH.test(readsFile) ? { readsFile } : {}),
  };
}

/**
 * Facts of SQL a statement hands to the server (a function body, EXEC('...')): a body or a piece
 * of dynamic SQL is no value spliced into a query, so it carries no injection shape of its own.
 */
function bodyFacts(facts: readonly Fact[]): readonly Fact[] {
  if (!facts.some((f) => f.kind === 'sql' && f.injection !== undefined)) return facts;
  return facts.map((f) => {
    if (f.kind !== 'sql' || f.injection === undefined) return f;
    const { injection: _dropped, ...rest } = f;
    return rest;
  });
}

/** Facts of client meta-commands: shells run, files the results go to, results run as SQL. */
function clientFacts(
  commands: readonly ClientCommand[],
  literals: readonly LiteralAt[],
  ctx: ExtractContext,
): Fact[] {
  const out: Fact[] = [];
  for (const c of commands) {
    const span = { start: c.start, end: c.end };
    if (c.kind === 'shell') out.push(...ctx.nested(c.code, 'bash', span, 'sql client'));
    else if (c.kind === 'output') {
      const write: FileOpFact = {
        kind: 'file',
        span: ctx.mapSpan(span),
        runtime: 'sql',
        depth: ctx.depth,
        op: 'write',
        path: c.path,
        recursive: false,
        actor: 'sql client output',
      };
      out.push(write);
    } else {
      // `\\o | sh` runs every later result as shell code; `\\gexec` runs every earlier result as SQL.
      const pipe = c.kind === 'pipe';
      if (pipe) out.push(...ctx.nested(c.code, 'bash', span, 'sql client'));
      // Every later result goes to the program's input: one that sends it to a host ships the
      // query output there (red team r5: `\o | curl -T - https://...`, `.once |curl ...`).
      const host = c.kind === 'pipe' ? sendingHost(c.code) : undefined;
      if (c.kind === 'pipe' && host !== undefined) {
        const send: SqlStmtFact = {
          kind: 'sql',
          span: ctx.mapSpan(span),
          runtime: 'sql',
          depth: ctx.depth,
          statement: 'other',
          targets: [],
          functions: [],
          readsTables: [],
          text: c.code,
          dialect: 'keyword',
          object: 'client pipe',
          connectsTo: host,
        };
        out.push(send);
      }
      for (const l of literals) {
        if (pipe ? l.start < c.end : l.end > c.start) continue;
        const code = pipe ? l.value : l.value.replace(/%[ILs]/g, 'x');
        out.push(...ctx.nested(code, pipe ? 'bash' : 'sql', { start: l.start, end: l.end }, 'sql client'));
      }
    }
  }
  return out;
}

/** Programs that send their input over the network, and the host they name (a URL or user@host). */
const SENDER =
  /(?:^|[|;&]\s*|\s)(?:curl|wget|nc|ncat|netcat|socat|ssh|scp|sftp|ftp|rsync|telnet|openssl|mail|mailx|sendmail|mutt|aws|gsutil|gcloud|az|rclone|http|https|xh)\b/;
const HOST_IN =
  /\b[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?([^:/?#\s'"]+)|\b[\w.-]+@([\w-]+(?:\.[\w-]+)+)|\b(?:nc|ncat|netcat|telnet)\s+(?:-\S+\s+)*([\w.-]+)/i;

function sendingHost(program: string): string | undefined {
  if (!SENDER.test(program)) return undefined;
  const m = HOST_IN.exec(program);
  const host = m ? (m[1] ?? m[2] ?? m[3])!.toLowerCase() : 'the network';
  // The client's own machine: the output stays here.
  return /^(?:localhost|127(?:\.\d+){3}|\[?::1\]?)$/.test(host) ? undefined : host;
}

/**
 * DuckDB/SQLite table functions and ATTACH that open a file or URL by name (red team r3:
 * `read_text('~/.ssh/id_rsa')`, `read_csv('/home/agent/.aws/credentials')`, `read_text('http://
 * 169.254.169.254/...')`): a file read or a network request, decided by the file and network rules.
 */
const FILE_READER_GATE = /\bread_|\b(?:parquet|sqlite|csv|json)_scan\b|\battach\b/i;
const FILE_READER =
  /\b(?:read_(?:text|blob|csv(?:_auto)?|json(?:_auto|_objects(?:_auto)?)?|ndjson(?:_auto|_objects)?|parquet|xlsx)|(?:parquet|sqlite|csv|json)_scan)\s*\(\s*'([^']+)'|\battach\s+(?:database\s+)?(?:if\s+not\s+exists\s+)?'([^']+)'/gi;

function fileReaderFacts(text: string, ctx: ExtractContext): Fact[] {
  const out: Fact[] = [];
  for (const m of text.matchAll(FILE_READER)) {
    const target = m[1] ?? m[2]!;
    const span = ctx.mapSpan({ start: m.index, end: m.index + m[0].length });
    const url = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?/i.exec(target);
    if (url) {
      const net: NetOpFact = {
        kind: 'net',
        span,
        runtime: 'sql',
        depth: ctx.depth,
        host: url[2]!.toLowerCase().replace(/^\[|\]$/g, ''),
        ...(url[3] !== undefined && { port: Number(url[3]) }),
        url: target,
        scheme: url[1]!.toLowerCase(),
        direction: 'connect',
        sends: false,
        actor: 'sql file reader',
      };
      out.push(net);
      continue;
    }
    const read: FileOpFact = {
      kind: 'file',
      span,
      runtime: 'sql',
      depth: ctx.depth,
      op: 'read',
      path: target,
      recursive: false,
      actor: 'sql file reader',
    };
    out.push(read);
  }
  return out;
}

export const sqlExtractor: Extractor = { runtime: 'sql', extract: extractSql };

const SQL_START =
  /^\s*(?:\(\s*)*(?:select|with|insert|update|delete|drop|truncate|alter|create|grant|revoke|copy|merge|replace|call|exec|execute|explain|show|describe|pragma|attach|load|set|begin|commit|rollback|vacuum|analyze|do|values|use|shutdown|bulk|prepare|flush|rename|uninstall|backup|lock)\b/i;

/**
 * Whether a free-text field (a tool's `query`) is SQL rather than a search phrase: it starts with
 * a statement keyword and has the shape of a statement, or the PostgreSQL parser accepts it.
 */
export function looksLikeSql(text: string): boolean {
  if (!SQL_START.test(text)) return false;
  if (/^\s*(?:select|with)\b[\s\S]*\bfrom\b/i.test(text)) return true;
  if (
    /^\s*(?:delete\s+from|update\s+\S+\s+set|insert\s+into|drop\s+(?:table|database|schema|view|index|user|role)|truncate\b|alter\s+(?:table|user|role|system|database|login|sequence)|set\s+(?:global|persist|persist_only|session)\s+\w+\s*=|set\s+@@|revoke\s|flush\s+tables|rename\s+tables?\s|uninstall\s+(?:plugin|component)|backup\s+(?:log|database)|lock\s+tables?\s|grant\s|copy\s+\S+\s+(?:from|to)|create\s+(?:or\s+replace\s+)?(?:table|user|role|index|function|view))/i.test(
      text,
    )
  )
    return true;
  return parsePg(text) !== undefined;
}
