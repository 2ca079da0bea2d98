/**
 * DROP, TRUNCATE or DELETE statements built from the catalog and run as dynamic SQL (red team r6):
 * MySQL `SET @s = (SELECT CONCAT('DROP TABLE ', GROUP_CONCAT(table_name)) FROM
 * information_schema.tables ...); PREPARE st FROM @s; EXECUTE st`, T-SQL `SELECT @sql += 'DROP
 * TABLE ' + QUOTENAME(name) FROM sys.tables; EXEC sp_executesql @sql`. The statement text the
 * server runs never appears, so the verb in a string literal beside a catalog listing, and a
 * dynamic execution in the same batch, stand for it. Listing them for review (no execution) and
 * clearing scratch tables picked by a name pattern (LIKE 'tmp_%') stay allowed.
 */
import type { Span } from '../types.js';
import { withoutComments } from './sql-text.js';

/** Catalog views and tables that list tables, views, schemas or databases. */
const CATALOG =
  /\b(?:information_schema\s*\.\s*(?:tables|schemata|views)|sys\s*\.\s*(?:tables|objects|databases|schemas|views|all_objects)|(?:pg_catalog\s*\.\s*)?pg_(?:tables|class|namespace|views|matviews|stat_user_tables)|sqlite_(?:master|schema)|(?:all|user|dba)_tables|sysobjects)\b/i;
/** A string literal that opens a destructive statement, by verb. */
const VERB_LITERAL = /N?'\s*(drop\s+(?:table|view|database|schema)|truncate(?:\s+table)?|delete\s+from)\b/i;
/**
 * Statements that run a string as SQL, at the statement's start or after a block word (a DO
 * block's `BEGIN EXECUTE (SELECT ...)`, a loop's `LOOP EXECUTE format(...)`, R22): PREPARE, EXEC(),
 * sp_executesql, EXECUTE IMMEDIATE, PL/pgSQL EXECUTE of a string, format() or variable.
 */
const RUNS_DYNAMIC =
  /(?:^|\b(?:begin|then|else|loop|as)\s)\s*(?:prepare\s+[\w$]+\s+from\b|exec(?:ute)?\s*\(|exec(?:ute)?\s+(?:(?:master|sys|dbo)\s*\.\s*)*sp_executesql\b|exec(?:ute)?\s+@|execute\s+immediate\b|execute\s+(?:format\s*\(|'|[a-z_]\w*\s*(?:;|$|using\b)))/i;
/** The listing picks scratch tables by name only (`LIKE 'tmp_%'`, `LIKE 'staging%'`). */
const SCRATCH_PATTERN = /\blike\s+N?'(?:tmp|temp|scratch|stg|staging|test)[\w\\[\]]*%'/i;

export type DynamicVerb = 'drop' | 'truncate' | 'delete';

/** Statements (indexes of `texts`) that build `verb` statements from the catalog for a later dynamic run. */
export function catalogBuiltStatements(texts: readonly string[], verb: DynamicVerb): number[] {
  const bare = texts.map(withoutComments);
  // Whether a dynamic run stands at or after each statement: one test per statement (linear).
  const runsFrom: boolean[] = [];
  for (let i = bare.length - 1; i >= 0; i--)
    runsFrom[i] = RUNS_DYNAMIC.test(bare[i]!) || (runsFrom[i + 1] ?? false);
  const out: number[] = [];
  for (const [index, t] of bare.entries()) {
    const v = VERB_LITERAL.exec(t);
    if (!v || !listsTables(t) || SCRATCH_PATTERN.test(t)) continue;
    if (!v[1]!.toLowerCase().startsWith(verb)) continue;
    if (runsFrom[index] === true) out.push(index);
  }
  return out;
}

/** The spans of the statements (in any order) that run `verb` statements built from the catalog. */
export function catalogBuiltSpans(
  statements: Iterable<{ readonly text: string; readonly span: Span }>,
  verb: DynamicVerb,
): Span[] {
  const ordered = [...statements].sort((a, b) => a.span.start - b.span.start);
  return catalogBuiltStatements(
    ordered.map((s) => s.text),
    verb,
  ).map((i) => ordered[i]!.span);
}

/**
 * A DROP whose name is finished at run time (`EXECUTE 'DROP TABLE scratch.' || quote_ident(r.tablename)`)
 * or `format('DROP TABLE %I', ...)` inside a loop over a catalog listing that picks scratch tables
 * by name only: it drops those.
 */
export function scratchListingDrop(drop: string, statements: Iterable<{ readonly text: string }>): boolean {
  const head = withoutComments(drop).trim();
  // The name's open end as written: a trailing `.` before `||`, or format()'s %I (read as `x`, with or without a schema).
  const written = /\.$/.test(head)
    ? [head]
    : /[.\s]x$/.test(head)
      ? [`${head.slice(0, -1)}%I`, `${head.slice(0, -1)}%s`]
      : [];
  if (written.length === 0) return false;
  for (const s of statements) {
    const t = withoutComments(s.text);
    if (written.some((w) => t.includes(w)) && CATALOG.test(t) && SCRATCH_PATTERN.test(t)) return true;
  }
  return false;
}

/** Catalogs that list one table's partitions (PostgreSQL, Oracle, MySQL, ClickHouse). */
const PARTITION_CATALOG =
  /\b(?:pg_inherits|pg_partition_tree|(?:all|user|dba)_tab_(?:sub)?partitions|information_schema\s*\.\s*partitions|system\s*\.\s*parts)\b/i;
/** A bound below a moment before now (`< to_char(now() - interval '13 months')`, `< ADD_MONTHS(SYSDATE, -24)`). */
const OLDER_THAN_NOW =
  /<=?[^;<>]{0,160}?(?:\b(?:now\s*\(\s*\)|current_(?:date|timestamp)|sysdate|systimestamp|getdate\s*\(\s*\)|sysdatetime\s*\(\s*\))\s*-\s*(?:interval\b|\d)|\b(?:add_months|dateadd|date_sub|date_add|timestampadd)\s*\([^;()]{0,60}?,\s*-\s*\d)/i;
/** A catalog listing of tables; pg_class joined to a partition catalog only gives the partitions' names. */
function listsTables(t: string): boolean {
  return CATALOG.test(PARTITION_CATALOG.test(t) ? t.replace(/\bpg_class\b/gi, '') : t);
}

/** A dropped partition or table whose name is left to run time (`%s` folds to nothing, `%I` to `x`). */
const OPEN_NAME =
  /^(?:drop\s+table(?:\s+if\s+exists)?(?:\s+(?:[\w$"]+\.)?x)?|alter\s+table\s+[\w$."]+\s+drop\s+partition(?:\s+x)?)(?:\s+(?:cascade|update\s+(?:global\s+)?indexes))?\s*;?$/i;

/**
 * A partition dropped by a loop over one table's partitions older than a moment before now
 * (`FOR r IN SELECT ... FROM pg_inherits WHERE ... < 'events_' || to_char(now() - interval '13
 * months', 'YYYY_MM') LOOP EXECUTE format('DROP TABLE %s', r.part)`): retention, as a dated
 * `DROP TABLE events_2023_01` written out is. A loop over every table (pg_tables) or every partition
 * (no age bound) is not.
 */
export function agedPartitionDrop(drop: string, statements: Iterable<{ readonly text: string }>): boolean {
  if (!OPEN_NAME.test(withoutComments(drop).trim().replace(/\s+/g, ' '))) return false;
  const texts = [...statements].map((s) => withoutComments(s.text));
  // A listing of every table beside it may be what the loop runs over.
  if (texts.some(listsTables)) return false;
  return texts.some((t) => PARTITION_CATALOG.test(t) && OLDER_THAN_NOW.test(t));
}
