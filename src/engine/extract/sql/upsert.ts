/**
 * Upserts fed from the table they write (red team r3): `INSERT INTO t SELECT ... FROM t ON
 * CONFLICT DO UPDATE`, `... ON DUPLICATE KEY UPDATE`, `REPLACE INTO t SELECT ... FROM t`, SQLite
 * `INSERT OR REPLACE INTO t SELECT ... FROM t`, PostgreSQL `INSERT INTO t TABLE t ...`. Every row of t conflicts with itself, so each one
 * is overwritten: an UPDATE without WHERE. Read from the text, so every dialect's parser path
 * (or none) gives the same answer.
 */
import { isTautology } from './expr.js';
import { whereExpr } from './fallback.js';
import { lexSql } from './lexer.js';

const NAME = String.raw`((?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\])(?:\s*\.\s*(?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\]))*)`;

const HEAD = new RegExp(
  String.raw`^\s*(?:(replace|upsert|insert\s+or\s+replace)\s+(?:into\s+)?|insert\s+(?:ignore\s+)?into\s+)` +
    NAME,
  'i',
);
/** The SELECT's FROM item, then the rest of the statement (WHERE, conflict clause). */
const FROM = new RegExp(
  String.raw`^(?:select\b[\s\S]*?\bfrom|\s*(?:\([^)]*\)\s*)?table)\s+` + NAME + String.raw`([\s\S]*)$`,
  'i',
);
// Separate single scans (no lazy span between two keywords: linear on hostile input).
const ON_CONFLICT = /\bon\s+conflict\b/i;
const DO_UPDATE = /\bdo\s+update\b/i;
const ON_DUPLICATE = /\bon\s+duplicate\s+key\s+update\b/i;
const SOURCE_START = /\bselect\b|^\s*(?:\([^)]*\)\s*)?table\b/i;
const CLAUSE_END = /\b(?:on\s+conflict|on\s+duplicate|group\s+by|order\s+by|limit|returning|union)\b/i;

const bare = (name: string): string =>
  name
    .replace(/\s+/g, '')
    .replace(/[`"[\]]/g, '')
    .toLowerCase()
    .split('.')
    .pop()!;

/** The table an upsert overwrites wholesale from itself, or undefined. */
export function selfUpsert(stmtText: string): string | undefined {
  const head = HEAD.exec(stmtText);
  if (!head) return undefined;
  const replace = head[1] !== undefined;
  if (!replace && !(ON_DUPLICATE.test(stmtText) || (ON_CONFLICT.test(stmtText) && DO_UPDATE.test(stmtText))))
    return undefined;
  const body = stmtText.slice(head[0].length);
  const at = body.search(SOURCE_START);
  const from = at < 0 ? null : FROM.exec(body.slice(at));
  if (!from || bare(from[1]!) !== bare(head[2]!)) return undefined;
  // Another FROM item (a join to a staging table) may narrow the rows: only a lone source counts.
  let rest = from[2]!;
  const end = CLAUSE_END.exec(rest);
  if (end) rest = rest.slice(0, end.index);
  if (
    /^\s*(?:,|\b(?:join|inner|left|right|cross|natural)\b)/i.test(
      rest.replace(/^\s*(?:as\s+)?(?!(?:where|join|inner|left|right|cross|natural|on|full)\b)\w+/i, ''),
    )
  )
    return undefined;
  const where = /\bwhere\b([\s\S]*)$/i.exec(rest);
  if (where && !isTautology(whereExpr(lexSql(where[1]!, { mysql: true }).tokens))) return undefined;
  return head[2]!.replace(/\s+/g, '');
}
