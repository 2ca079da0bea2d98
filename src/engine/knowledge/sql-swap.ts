/**
 * Tables replaced by an empty copy (red team r5): `RENAME TABLE orders TO orders_trash,
 * orders_empty TO orders`, the same in two ALTER TABLE ... RENAME TO statements, ClickHouse
 * EXCHANGE TABLES and REPLACE PARTITION ... FROM. A swap is the everyday online-migration step
 * (gh-ost, pt-online-schema-change) when the incoming table was filled; it empties the table when
 * the incoming one is named for being empty or was created in the batch and never filled.
 */
import { withoutComments } from './sql-text.js';

const NAME = String.raw`((?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\])(?:\s*\.\s*(?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\]))*)`;
const norm = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[`"[\]\s]/g, '')
    .split('.')
    .pop()!;

/** Log-like tables rotated by renaming the current one away and starting a fresh one. */
const ROTATED =
  /(?:^|_)(?:logs?|events?|metrics?|requests?|access|clicks?|telemetry|traces?|spans|pings)(?:_|$)/;

/** Names that say the table holds nothing (`orders_empty`, `blank_orders`, `users_stub`). */
const EMPTY_NAME = /(?:^|_)(?:empty|blank|stub|void|null|dummy|placeholder)(?:_|$)/;

const RENAME_LIST = new RegExp(String.raw`^\s*rename\s+tables?\s+([\s\S]+?)\s*;?\s*$`, 'i');
const RENAME_PAIR = new RegExp(NAME + String.raw`\s+to\s+` + NAME, 'gi');
const ALTER_RENAME = new RegExp(
  String.raw`^\s*alter\s+table\s+(?:if\s+exists\s+)?` + NAME + String.raw`\s+rename\s+to\s+` + NAME,
  'i',
);
const EXCHANGE = new RegExp(String.raw`^\s*exchange\s+tables\s+` + NAME + String.raw`\s+and\s+` + NAME, 'i');
/** Snowflake ALTER TABLE|SCHEMA|DATABASE a SWAP WITH b: the two exchange names. */
const SWAP_WITH = new RegExp(
  String.raw`^\s*alter\s+(?:table|schema|database)\s+(?:if\s+exists\s+)?` +
    NAME +
    String.raw`\s+swap\s+with\s+` +
    NAME,
  'i',
);
const REPLACE_PARTITION = new RegExp(
  String.raw`^\s*alter\s+table\s+` +
    NAME +
    String.raw`\s+(?:on\s+cluster\s+\S+\s+)?replace\s+partition\b[^;]*?\bfrom\s+` +
    NAME,
  'i',
);
/** CREATE TABLE c LIKE t / (LIKE t) / AS SELECT ... that returns no rows / with column definitions. */
const CREATE = new RegExp(
  String.raw`^\s*create\s+table\s+(?:if\s+not\s+exists\s+)?` + NAME + String.raw`([\s\S]*)$`,
  'i',
);
const FILLED_CREATE =
  /^\s*(?:\([^)]*\)\s*)?(?:engine\s*=\s*\w+[^;]*?)?\s*as\s*\(?\s*(?:select|with)\b(?![\s\S]*\b(?:where\s+(?:false|0|1\s*=\s*0)|limit\s+0)\b)/i;
const INSERT_INTO = new RegExp(
  String.raw`^\s*(?:insert|replace)\s+(?:(?:into|overwrite)\s+)?(?:table\s+)?` + NAME,
  'i',
);
const COPY_INTO = new RegExp(
  String.raw`^\s*(?:copy|load\s+data\b[^;]*?\binto\s+table)\s+(?:into\s+)?` + NAME,
  'i',
);

/** One statement's table moves: [from, to] renames, and a partition source read into a table. */
interface Moves {
  readonly renames: [string, string][];
  readonly sources: string[];
}

function moves(text: string): Moves {
  const renames: [string, string][] = [];
  const sources: string[] = [];
  const list = RENAME_LIST.exec(text);
  if (list) for (const m of list[1]!.matchAll(RENAME_PAIR)) renames.push([norm(m[1]!), norm(m[2]!)]);
  const alter = ALTER_RENAME.exec(text);
  if (alter) renames.push([norm(alter[1]!), norm(alter[2]!)]);
  const exchange = EXCHANGE.exec(text) ?? SWAP_WITH.exec(text);
  if (exchange) {
    renames.push([norm(exchange[1]!), norm(exchange[2]!)]);
    renames.push([norm(exchange[2]!), norm(exchange[1]!)]);
  }
  const partition = REPLACE_PARTITION.exec(text);
  if (partition) sources.push(norm(partition[2]!));
  return { renames, sources };
}

/**
 * The statement indexes (of `texts`, in batch order) that put an empty table in place of a table:
 * with the reason. A batch-created table counts as filled once anything inserts or copies into it.
 */
export function emptySwaps(texts: readonly string[]): { readonly index: number; readonly table: string }[] {
  const empty = new Set<string>();
  const vacated = new Set<string>();
  const out: { index: number; table: string }[] = [];
  // Names renamed away and then created again, empty, under the same name (R12: `ALTER TABLE
  // customers RENAME TO customers_20261127; CREATE TABLE customers (...)`): the application's table
  // is now empty unless the batch fills it back.
  const recreated = new Map<string, number>();
  for (const [index, raw] of texts.entries()) {
    const text = withoutComments(raw);
    const created = CREATE.exec(text);
    if (created) {
      if (FILLED_CREATE.test(created[2]!)) empty.delete(norm(created[1]!));
      else {
        empty.add(norm(created[1]!));
        if (vacated.has(norm(created[1]!)) && !ROTATED.test(norm(created[1]!)) && recreated.size < 64)
          recreated.set(norm(created[1]!), index);
      }
      continue;
    }
    const filled = INSERT_INTO.exec(text) ?? COPY_INTO.exec(text);
    if (filled) {
      empty.delete(norm(filled[1]!));
      continue;
    }
    const { renames, sources } = moves(text);
    const isEmpty = (t: string): boolean => empty.has(t) || EMPTY_NAME.test(t);
    for (const s of sources) if (isEmpty(s)) out.push({ index, table: s });
    for (const [from] of renames) vacated.add(from);
    // An empty table renamed to a name moved away in the batch, or to the name it copies
    // (orders_empty -> orders): it takes that table's place.
    for (const [from, to] of renames) {
      if (isEmpty(from) && !isEmpty(to) && (vacated.has(to) || from.includes(to)))
        out.push({ index, table: `${from} -> ${to}` });
      if (empty.has(from)) {
        empty.delete(from);
        empty.add(to);
      }
    }
  }
  for (const [table, index] of recreated)
    if (empty.has(table)) out.push({ index, table: `${table} (renamed away and created again empty)` });
  return out;
}
