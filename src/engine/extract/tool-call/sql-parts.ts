/**
 * A statement given as its parts (red team r10: `db_tool {operation: "delete", table: "users",
 * where_clause: "1=1"}`): whatever the tool is called, an operation that changes rows named beside
 * a table is the SQL statement it builds, so the SQL rules judge it (a WHERE that holds for every
 * row, no WHERE at all, a TRUNCATE).
 */
import type { CliEquivalent } from './cli.js';

/** Keys naming what a generic database tool does. */
const OP_KEYS = [
  'operation',
  'op',
  'action',
  'verb',
  'statement_type',
  'query_type',
  'command',
  'type',
  'mode',
];
const TABLE_KEYS = ['table', 'table_name', 'tablename', 'from_table', 'target_table', 'relation'];
const WHERE_KEYS = [
  'where',
  'where_clause',
  'condition',
  'conditions',
  'predicate',
  'filter_sql',
  'where_sql',
];
const SET_KEYS = ['set', 'values', 'changes', 'updates', 'data', 'fields'];

/** Keys that name the rows acted on (their value is the row's key or a structured filter). */
const ITEM_KEY =
  /(?:^|_)(?:id|ids|key|keys|pk|primary_key|uuid|filter|filters|match|criteria|query|record|records|row|rows|selector)$/;

const ident = (n: string): string => (/^[A-Za-z_][\w.]*$/.test(n) ? n : `"${n.replace(/"/g, '""')}"`);
const literal = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : v === null
      ? 'NULL'
      : `'${(typeof v === 'string' ? v : JSON.stringify(v)).replace(/'/g, "''")}'`;

export function sqlPartsLines(f: Map<string, unknown>): CliEquivalent[] {
  const table = TABLE_KEYS.map((k) => f.get(k)).find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  if (table === undefined) return [];
  const op = OP_KEYS.map((k) => f.get(k))
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toLowerCase())
    .find((v) => /^(?:delete|remove|update|truncate|drop|drop_table|delete_rows|update_rows)$/.test(v));
  if (op === undefined) return [];
  const where = WHERE_KEYS.map((k) => f.get(k)).find((v): v is string => typeof v === 'string');
  // Rows named by a key or a structured filter (`{id: 42}`, `filter: {email: ...}`) narrow the statement.
  const named = [...f].find(([k, v]) => ITEM_KEY.test(k) && v !== undefined && v !== null && v !== '');
  const clause =
    where !== undefined && where.trim() !== ''
      ? ` WHERE ${where}`
      : named !== undefined
        ? ` WHERE ${ident(named[0])} = ${literal(typeof named[1] === 'object' ? JSON.stringify(named[1]) : named[1])}`
        : '';
  if (op.startsWith('truncate')) return [{ code: `TRUNCATE TABLE ${ident(table)};`, runtime: 'sql' }];
  if (op.startsWith('drop')) return [{ code: `DROP TABLE ${ident(table)};`, runtime: 'sql' }];
  if (op.startsWith('update')) {
    const set = SET_KEYS.map((k) => f.get(k)).find(
      (v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v),
    );
    if (set === undefined || Object.keys(set).length === 0) return [];
    const pairs = Object.entries(set)
      .slice(0, 64)
      .map(([k, v]) => `${ident(k)} = ${literal(v)}`);
    return [{ code: `UPDATE ${ident(table)} SET ${pairs.join(', ')}${clause};`, runtime: 'sql' }];
  }
  return [{ code: `DELETE FROM ${ident(table)}${clause};`, runtime: 'sql' }];
}
