/**
 * PostgREST query builders (supabase-js, supabase-py, postgrest-js/-py): `sb.from('orders').delete()
 * .gte('id', 0)` is `DELETE FROM orders WHERE id >= 0`. PostgREST refuses a delete or update with no
 * filter, so a wipe through it names a filter every row meets (R9 datastore-wipe-supabase); written
 * as SQL, SQL-AST-004 judges the filter once for every spelling. A project on this machine
 * (`supabase start` on localhost) stays everyday work.
 */
import type { Sdk, SdkCall } from './sdk.js';
import { constText, UNKNOWN, type Val } from './value.js';

/** Client factories, python and node. */
const FACTORY =
  /^(?:supabase\.(?:create_client|acreate_client|Client|AsyncClient|create_async_client)|@supabase\/supabase-js\.createClient|@supabase\/postgrest-js\.PostgrestClient|postgrest\.(?:Sync|Async)?PostgrestClient)$/;

/** First segments of those names (code/sdk.ts maySdk). */
export const POSTGREST_ROOTS = /^(?:supabase|@supabase\/supabase-js|@supabase\/postgrest-js|postgrest)$/;

/** Filter methods and the SQL operator each stands for. */
const OPERATORS: Readonly<Record<string, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  is: 'IS',
  is_: 'IS',
  in: 'IN',
  in_: 'IN',
};

/** Loopback addresses: a local supabase stack (`supabase start`, port 54321). */
const LOCAL =
  /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0|host\.docker\.internal)(?::\d+)?(?:\/|$)/i;

const sdkVal = (sdk: Sdk): Val => ({ ...UNKNOWN, sdk });

/** A client made by `name`: a PostgREST client for the URL given, or undefined. */
export function postgrestConstruct(name: string, c: SdkCall): Val | undefined {
  if (!FACTORY.test(name)) return undefined;
  const url = c.args[0] ?? c.kw.get('supabase_url') ?? c.kw.get('base_url');
  const target = url === undefined ? null : constText(url);
  return sdkVal({ lib: 'postgrest', path: [], ...(target !== null ? { target } : {}) });
}

/** A filter value as SQL: numbers and null as they are, a nil sentinel (`0000-...`, '') as 0, text quoted. */
function sqlValue(v: Val | undefined): string {
  if (v === undefined) return "'x'";
  if (v.num !== undefined) return String(v.num);
  if (v.bool !== undefined) return v.bool ? 'TRUE' : 'FALSE';
  if (v.parts !== null && v.parts.length === 0) return '0';
  const t = constText(v);
  if (t === null) return "'x'";
  if (t === 'null') return 'NULL';
  if (/^[-0\s]*$/.test(t)) return '0';
  return /^-?\d+(?:\.\d+)?$/.test(t) ? t : `'${t.replace(/'/g, "''")}'`;
}

/** What `is` compares with: null, true or false, mostly null (the walkers read null and None as false). */
function isValue(v: Val | undefined): string {
  const t = sqlValue(v);
  return t === "'x'" || t === 'FALSE' ? 'NULL' : t;
}

/** A column name as written, or a placeholder one. */
const column = (v: Val | undefined): string => {
  const t = v === undefined ? null : constText(v);
  return t !== null && /^[\w.]+$/.test(t) ? t : 'col';
};

/** One condition from a filter call, or undefined for calls that are not filters. */
function condition(method: string, args: readonly Val[]): string | undefined {
  const [a, b, x] = args;
  if (method === 'match') {
    const f = a?.fields;
    if (f === undefined) return "col = 'x'";
    if (f.size === 0) return 'TRUE';
    return [...f].map(([k, v]) => `${/^\w+$/.test(k) ? k : 'col'} = ${sqlValue(v)}`).join(' AND ');
  }
  if (method === 'not' || method === 'filter') {
    const op = OPERATORS[(b === undefined ? null : constText(b)) ?? ''];
    if (op === undefined) return "col = 'x'";
    if (op === 'IS') return `${column(a)} IS ${method === 'not' ? 'NOT ' : ''}${isValue(x)}`;
    const cond = `${column(a)} ${op} ${op === 'IN' ? '(1)' : sqlValue(x)}`;
    return method === 'not' ? `NOT (${cond})` : cond;
  }
  // or('id.gte.0,status.eq.x'): PostgREST's own syntax, column.operator.value joined by commas.
  if (method === 'or' || method === 'or_') {
    const t = a === undefined ? null : constText(a);
    if (t === null) return "col = 'x'";
    const parts = t.split(',').map((p) => {
      const m = /^([\w.]+?)\.(not\.)?(\w+)\.(.*)$/.exec(p.trim());
      const sqlOp = m === null ? undefined : OPERATORS[m[3]!];
      if (m === null || sqlOp === undefined || sqlOp === 'IN') return "col = 'x'";
      const value =
        /^-?\d+$/.test(m[4]!) || m[4] === 'null' ? m[4]!.toUpperCase() : `'${m[4]!.replace(/'/g, "''")}'`;
      return `${m[2] ? 'NOT ' : ''}${m[1]} ${sqlOp} ${value}`;
    });
    return `(${parts.join(' OR ')})`;
  }
  const op = OPERATORS[method];
  if (op === undefined) return undefined;
  if (op === 'IS') return `${column(a)} IS ${isValue(b)}`;
  if (op === 'IN') return `${column(a)} IN (${(b?.items ?? [b]).map(sqlValue).join(', ')})`;
  return `${column(a)} ${op} ${sqlValue(b)}`;
}

/** The marker `.not_` leaves on a pending write (postgrestMember). */
const NOT = '$not';

/** `.not_` on a pending write (supabase-py): the next filter is negated. */
export function postgrestMember(sdk: Sdk, name: string): Val | undefined {
  return name === 'not_' && sdk.path.length >= 2 ? sdkVal({ ...sdk, path: [...sdk.path, NOT] }) : undefined;
}

/** Calls that shape the answer, not the rows touched. */
const SHAPING =
  /^(?:select|order|limit|range|single|maybe_single|maybeSingle|returns|csv|throwOnError|abortSignal|count)$/;

/**
 * A call on a client, table or pending write. The path is `[table, op, ...conditions]`; a delete
 * or update is written out when it has conditions: at each filter (JavaScript runs the query when
 * awaited) or at `execute()` (python).
 */
export function postgrestCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  const [table, op, ...conds] = sdk.path;
  if (table === undefined) {
    if (method !== 'from' && method !== 'table' && method !== 'from_') return undefined;
    const name = c.args[0] === undefined ? null : constText(c.args[0]);
    return sdkVal({ ...sdk, path: [name !== null && /^[\w.]+$/.test(name) ? name : 'table'] });
  }
  if (op === undefined) {
    if (method !== 'delete' && method !== 'update') return undefined;
    return sdkVal({ ...sdk, path: [table, method] });
  }
  const write = (where: readonly string[]): void => {
    if (where.length === 0 || c.inTest?.() === true) return;
    if (sdk.target !== undefined && LOCAL.test(sdk.target)) return;
    const head = op === 'delete' ? `DELETE FROM ${table}` : `UPDATE ${table} SET updated = 1`;
    c.col.nested(`${head} WHERE ${where.join(' AND ')}`, 'sql', c.span, c.via);
  };
  if (method === 'execute') {
    write(conds.filter((x) => x !== NOT));
    return UNKNOWN;
  }
  if (SHAPING.test(method)) return sdkVal(sdk);
  const found = condition(method, c.args);
  if (found === undefined) return undefined;
  // supabase-py's `.not_.is_("id", "null")`: the property negates the filter after it.
  const negated = conds[conds.length - 1] === NOT;
  const cond = !negated ? found : found.replace(/ IS (?!NOT )/, ' IS NOT ');
  const next = [
    ...(negated ? conds.slice(0, -1) : conds),
    negated && cond === found ? `NOT (${found})` : cond,
  ];
  if (c.col.runtime === 'node') write(next);
  return sdkVal({ ...sdk, path: [table, op, ...next] });
}
