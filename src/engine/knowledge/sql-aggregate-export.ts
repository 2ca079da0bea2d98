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
const TABLE_REF = /\b(?:from|join)\s+([\w$."`[\]]+)/gi;
const AGGREGATE_CALL =
  /^(?:count|sum|avg|min|max|approx_count_distinct|count_if|stddev\w*|variance|percentile\w*|median)\s*\(/i;

/** Aggregates that summarise many rows into a figure no one row holds. */
const SUMMARY_CALL =
  /^(?:count|sum|avg|approx_count_distinct|count_if|stddev\w*|variance)\s*\((?:\s*distinct\b)?[^()]*\)(?:\s+(?:as\s+)?["`]?\w+["`]?)?$/i;

const bare = bareName;

const items = topLevelItems;

/** The bare column an item names (`t.total AS n` → total), or undefined for an expression. */
const columnOf = (item: string): string | undefined =>
  /^(?:[\w$"`]+\.)*["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?\w+["`]?)?$/i.exec(item.trim())?.[1]?.toLowerCase();

/** A period of a time (`DATE(created_at)`, `date_trunc('month', ts)`): many people share one. */
const PERIOD_CALL =
  /^(?:date|date_trunc|datetime_trunc|timestamp_trunc|trunc|extract|year|month|week|quarter|day|dayofweek|hour|to_char|format_date|format_timestamp|strftime|todate|tostartof\w+|toyyyymm\w*|last_day)\s*\(/i;
/** Keys that pick out a person or an account (`user_id`, `email`, `ip`), or a row itself (`id`). */
const PERSON_KEY =
  /^(?:id|uuid)$|(?:^|_)(?:user|customer|account|member|person|client|employee|patient|contact|subscriber|buyer|driver|owner|author|visitor|session|device|profile|email|e_?mail|phone|username|login|ip|ssn|card|token|address|name|handle)(?:_?(?:id|uuid|key|hash|number|no))?$/;
/** Whether a grouping key gives a row per person: a person's column, or an expression not read as a period. */
function identifyingKey(expr: string): boolean {
  const col = columnOf(expr);
  if (col !== undefined) return PERSON_KEY.test(col);
  return !PERIOD_CALL.test(expr.trim());
}
/** An item as expression and alias (`DATE(created_at) AS day`, `sum(x) total`); no alias: undefined. */
const ALIASED = /^([\s\S]*?[\w)"`\]])\s+(?:as\s+)?["`]?(\w+)["`]?$/i;
const aliasOf = (item: string): string | undefined => ALIASED.exec(item.trim())?.[2]?.toLowerCase();
const stripAlias = (item: string): string | undefined => {
  const t = item.trim();
  return t === '' ? undefined : (ALIASED.exec(t)?.[1] ?? t);
};
const norm = (e: string): string => e.replace(/\s+/g, '').toLowerCase();

/** Whether the export query carries only aggregates or rollup rows (see the module comment). */
export function aggregateOnly(query: string): boolean {
  const q = query.replace(/\s+/g, ' ').trim().replace(/;$/, '');
  const sel = /^select\s+(?:distinct\s+)?(.+?)\s+from\s+(.+)$/i.exec(q);
  // One SELECT: a join of subqueries, a UNION or a CTE is read as carrying rows.
  if (!sel || /\b(?:union|with|into)\b/i.test(q) || /\(\s*select\b/i.test(sel[2]!)) return false;
  const tables = [...q.matchAll(TABLE_REF)].map((m) => bare(m[1]!));
  if (tables.length === 0 || tables.some((t) => isCredentialTable(t))) return false;
  // Tables of people or money (r11 twin: revenue by region from orders): only counts and sums
  // leave; MIN/MAX/median return one row's own value.
  const personal = tables.some((t) => holdsPersonalData(t));
  const list = items(sel[1]!);
  if (list.some((i) => CREDENTIAL_COLUMN.test(columnOf(i) ?? ''))) return false;
  if (!personal && tables.every((t) => ROLLUP_TABLE.test(t))) return true;
  const group = /\bgroup\s+by\s+(.+?)(?:\s+(?:having|order|limit|qualify)\b|$)/i.exec(sel[2]!);
  // GROUP BY 1 names the first select item; GROUP BY day names an item's alias.
  const keys = (group ? items(group[1]!) : []).map((k) => {
    const key = k.trim();
    return /^\d+$/.test(key) ? (stripAlias(list[Number(key) - 1] ?? 'id') ?? 'id') : key;
  });
  const exprOf = (k: string): string =>
    stripAlias(list.find((i) => aliasOf(i) === k.toLowerCase()) ?? '') ?? k;
  if (keys.some((k) => identifyingKey(exprOf(k)))) return false;
  // Every selected item an aggregate, or one of the grouping keys (by column, alias or expression).
  return list.every(
    (i) =>
      (personal ? SUMMARY_CALL : AGGREGATE_CALL).test(i) ||
      keys.some(
        (k) =>
          (columnOf(i) !== undefined && columnOf(k) === columnOf(i)) ||
          aliasOf(i) === k.toLowerCase() ||
          norm(stripAlias(i) ?? '') === norm(k),
      ),
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
