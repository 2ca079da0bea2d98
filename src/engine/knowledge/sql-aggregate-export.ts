/**
 * Exports that carry only figures, not rows about anyone (r6/r8 FPs: `EXPORT DATA ... AS SELECT
 * event_date, count(*) FROM analytics.events GROUP BY event_date`, `query_export_to_s3('SELECT id,
 * total FROM daily_totals', ...)`). What makes an export exfiltration is what it carries: rows of
 * people, money or secrets. A query that reads no such table and either groups by non-identifying
 * keys, selects only aggregates, or reads tables named as rollups ships totals, wherever it goes.
 */
import { CREDENTIAL_COLUMN, holdsPersonalData, isCredentialTable } from './sql.js';
import { bareName, topLevelItems } from './sql-text.js';

/** Tables that hold rollups already: `daily_totals`, `revenue_by_month`, `kpi_summary`, `stats`. */
const ROLLUP_TABLE =
  /(?:^|_)(?:totals?|stats|statistics|metrics|summary|summaries|aggregates?|agg|rollups?|counts|kpis?|by_(?:day|week|month|year|hour|region|country))(?:_|$)/;
/** Keys that pick out a person or an account: grouping by one is a row per person again. */
const IDENTIFYING =
  /(?:^|_)(?:id|uuid|email|e_?mail|name|username|login|phone|ip|address|user|customer|account|member|person|token|ssn|card)$/;
const TABLE_REF = /\b(?:from|join)\s+([\w$."`[\]]+)/gi;
const AGGREGATE_CALL =
  /^(?:count|sum|avg|min|max|approx_count_distinct|count_if|stddev\w*|variance|percentile\w*|median)\s*\(/i;

const bare = bareName;

const items = topLevelItems;

/** The bare column an item names (`t.total AS n` → total), or undefined for an expression. */
const columnOf = (item: string): string | undefined =>
  /^(?:[\w$"`]+\.)*["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?\w+["`]?)?$/i.exec(item.trim())?.[1]?.toLowerCase();

/** Whether the export query carries only aggregates or rollup rows (see the module comment). */
export function aggregateOnly(query: string): boolean {
  const q = query.replace(/\s+/g, ' ').trim().replace(/;$/, '');
  const sel = /^select\s+(?:distinct\s+)?(.+?)\s+from\s+(.+)$/i.exec(q);
  // One SELECT: a join of subqueries, a UNION or a CTE is read as carrying rows.
  if (!sel || /\b(?:union|with|into)\b/i.test(q) || /\(\s*select\b/i.test(sel[2]!)) return false;
  const tables = [...q.matchAll(TABLE_REF)].map((m) => bare(m[1]!));
  if (tables.length === 0 || tables.some((t) => holdsPersonalData(t) || isCredentialTable(t))) return false;
  const list = items(sel[1]!);
  if (list.some((i) => CREDENTIAL_COLUMN.test(columnOf(i) ?? ''))) return false;
  if (tables.every((t) => ROLLUP_TABLE.test(t))) return true;
  const group = /\bgroup\s+by\s+(.+?)(?:\s+(?:having|order|limit|qualify)\b|$)/i.exec(sel[2]!);
  const keys = group ? items(group[1]!) : [];
  if (keys.some((k) => /^\d+$/.test(k) || IDENTIFYING.test(columnOf(k) ?? 'id'))) return false;
  // Every selected item an aggregate, or one of the grouping keys.
  return list.every(
    (i) =>
      AGGREGATE_CALL.test(i) || (columnOf(i) !== undefined && keys.some((k) => columnOf(k) === columnOf(i))),
  );
}

/** The query an export statement ships: EXPORT DATA ... AS <q>, UNLOAD ('<q>'), query_export_to_s3('<q>', ...). */
const EXPORT_QUERY =
  /^\s*export\s+data\b[\s\S]*?\bas\s+(select\b[\s\S]*)$|^\s*unload\s*\(\s*'((?:[^']|'')*)'\s*\)|\bquery_export_to_s3\s*\(\s*(?:query\s*=>\s*)?'((?:[^']|'')*)'/i;

/** Whether `text` is an export (EXPORT DATA, UNLOAD, query_export_to_s3) of aggregates only. */
export function exportsAggregatesOnly(text: string): boolean {
  const m = EXPORT_QUERY.exec(text);
  if (!m) return false;
  const query = m[1] ?? (m[2] ?? m[3]!).replace(/''/g, "'");
  return aggregateOnly(query);
}
