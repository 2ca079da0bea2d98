/**
 * PostgreSQL front end: turns the libpg-query JSON AST of one raw statement into StmtInfo records
 * (one for the statement, one more per data-modifying statement nested in a CTE or EXPLAIN ANALYZE).
 */
import { DANGEROUS_PACKAGES, UNTRUSTED_LANGUAGE, holdsPersonalData } from '../../knowledge/sql.js';
import { isSecretColumn } from '../../knowledge/sql-secret-names.js';
import {
  CREATION_COLUMN,
  NOW_FUNCTIONS,
  OTHER,
  arithmeticIdentity,
  dateConstant,
  isTautology,
  quantified,
  truth,
  withSelfJoin,
  type Expr,
} from './expr.js';
import { arr, num, obj, pgNode, str, type J } from './json.js';
import { addFunction, addTable, newStmt, type StmtInfo } from './stmt.js';

/** Functions whose string argument is SQL the server runs (index of that argument; -1 = last). */
const DYNAMIC_SQL_ARGS: Readonly<Record<string, number>> = {
  dblink: -1,
  dblink_exec: -1,
  dblink_send_query: -1,
  query_to_xml: 0,
  query_to_xml_and_xmlschema: 0,
  query_to_xmlschema: 0,
  cursor_to_xml: -1,
};

/** Schema-qualified functions whose string argument is SQL run later (pg_cron jobs). */
const QUALIFIED_DYNAMIC_SQL_ARGS: Readonly<Record<string, number>> = {
  'cron.schedule': -1,
  'cron.schedule_in_database': 2,
  'cron.alter_job': 2,
  // Oracle's XML query contexts run their string as SQL, a PL/SQL block included (a known injection path).
  'dbms_xmlquery.newcontext': 0,
  'dbms_xmlquery.getxml': 0,
  'dbms_xmlgen.newcontext': 0,
  'dbms_xmlgen.getxml': 0,
};

/** Languages whose function bodies are SQL the server runs when the function is called. */
const SQL_LANGUAGES: ReadonlySet<string> = new Set(['sql', 'plpgsql']);

const names = (list: unknown): string[] =>
  arr(list)
    .map((x) => str(obj(pgNode(x)?.[1])?.sval) ?? str(pgNode(x)?.[1]?.sval))
    .filter((x): x is string => x !== undefined);

const objectKind = (t: string | undefined): string =>
  (t ?? 'OBJECT_UNKNOWN')
    .replace(/^OBJECT_/, '')
    .toLowerCase()
    .replace(/_/g, ' ');

export interface PgContext {
  readonly text: string;
  /** Convert a byte offset reported by the parser to a UTF-16 index of `text`. */
  readonly toIndex: (byteOffset: number) => number;
}

export function pgExpr(v: unknown): Expr {
  const n = pgNode(v);
  if (!n) return OTHER;
  const [t, b] = n;
  switch (t) {
    case 'A_Const': {
      if (b.isnull === true) return { k: 'const', v: null };
      if (b.ival !== undefined) return { k: 'const', v: num(obj(b.ival)?.ival) ?? 0 };
      if (b.fval !== undefined) return { k: 'const', v: Number(str(obj(b.fval)?.fval) ?? 'NaN') };
      if (b.sval !== undefined) return { k: 'const', v: str(obj(b.sval)?.sval) ?? '' };
      if (b.boolval !== undefined) return { k: 'const', v: obj(b.boolval)?.boolval === true };
      return OTHER;
    }
    case 'TypeCast': {
      const inner = pgExpr(b.arg);
      if (inner.k === 'const' && typeof inner.v === 'string') {
        const tn = names(obj(b.typeName)?.names).pop();
        if (tn === 'bool') return { k: 'const', v: /^(t|true|y|yes|on|1)$/i.test(inner.v.trim()) };
      }
      return inner;
    }
    case 'ColumnRef':
      return { k: 'col', name: names(b.fields).join('.').toLowerCase() };
    case 'A_Expr': {
      const op = names(b.name).pop() ?? '';
      const kind = str(b.kind);
      // A regular expression that matches everything (`~ ''`, `~ '.*'`, `SIMILAR TO '%'`) is LIKE '%'.
      if ((kind === 'AEXPR_OP' && (op === '~' || op === '~*')) || (kind === 'AEXPR_SIMILAR' && op === '~')) {
        const r = pgExpr(kind === 'AEXPR_SIMILAR' ? arr(obj(pgNode(b.rexpr)?.[1])?.args)[0] : b.rexpr);
        const any = r.k === 'const' && typeof r.v === 'string' && /^(?:\^?(?:\.\*)*\$?|%+)$/.test(r.v);
        if (any) return { k: 'like', negated: false, l: pgExpr(b.lexpr), r: { k: 'const', v: '%' } };
        // `~ '.'` / `~ '.+'`: any non-empty value, as LIKE '_%' (red team r5).
        if (r.k === 'const' && typeof r.v === 'string' && /^\^?\.\+?\*?\$?$/.test(r.v))
          return { k: 'like', negated: false, l: pgExpr(b.lexpr), r: { k: 'const', v: '_%' } };
        // `~ '@'`: a plain text found anywhere, as LIKE '%@%'; SIMILAR TO '%@%' is that LIKE pattern.
        if (r.k === 'const' && typeof r.v === 'string') {
          const plain = kind === 'AEXPR_SIMILAR' ? /^[^|*+?(){}[\]\\]+$/ : /^[^.^$*+?(){}[\]|\\%_]+$/;
          if (plain.test(r.v))
            return {
              k: 'like',
              negated: false,
              l: pgExpr(caseless(b.lexpr)),
              r: { k: 'const', v: kind === 'AEXPR_SIMILAR' ? r.v : `%${r.v}%` },
            };
        }
      }
      if (kind === 'AEXPR_OP' && b.lexpr !== undefined) {
        // `created_at < now() + interval '100 years'`: a bound a lifetime away holds for every row.
        const far = farTime(b.rexpr) * (pgNode(b.lexpr)?.[0] === 'ColumnRef' ? 1 : 0);
        if ((far > 0 && (op === '<' || op === '<=')) || (far < 0 && (op === '>' || op === '>=')))
          return { k: 'const', v: true };
        // `created_at < now()`, `created_at <= now() + interval '1 day'`: a creation time is in the
        // past for every row (red team r5, R13 always-true).
        if (
          (op === '<' || op === '<=') &&
          CREATION_COLUMN.test(lastField(obj(pgNode(b.lexpr)?.[1])?.fields) ?? '') &&
          (isNowCall(b.rexpr) || laterTime(b.rexpr) > 0)
        )
          return { k: 'const', v: true };
        // `coalesce(deleted_at, now()) <= now()`: past times, and now for the rows without one (r5).
        if ((op === '<' || op === '<=') && isNowCall(b.rexpr) && pastOrNow(b.lexpr, op === '<='))
          return { k: 'const', v: true };
        // `position('@' in email) > 0`, `strpos(email, '@') <> 0`: the column contains the text.
        const contains = containsTest(b.lexpr, op, pgExpr(b.rexpr));
        if (contains !== undefined) return contains;
        const l = pgExpr(b.lexpr);
        const r = pgExpr(b.rexpr);
        const same = arithmeticIdentity(op, l, r);
        if (same !== undefined) return same;
        // MySQL ISNULL(x) = 0 is x IS NOT NULL; = 1 is x IS NULL.
        if (l.k === 'isnull' && r.k === 'const' && (op === '=' || op === '<>' || op === '!=')) {
          const zero = r.v === 0 || r.v === false || r.v === '0';
          return { k: 'isnull', negated: l.negated !== (zero === (op === '=')), arg: l.arg };
        }
        return { k: 'cmp', op, l, r };
      }
      // x = ANY(ARRAY[...]) / x <> ALL(ARRAY[...]) with the array written out.
      if ((kind === 'AEXPR_OP_ANY' || kind === 'AEXPR_OP_ALL') && pgNode(b.rexpr)?.[0] === 'A_ArrayExpr')
        return quantified(
          op,
          kind === 'AEXPR_OP_ALL',
          pgExpr(b.lexpr),
          arr(pgNode(b.rexpr)?.[1]?.elements).map(pgExpr),
        );
      // x IS [NOT] DISTINCT FROM NULL is x IS [NOT] NULL; x IS NOT DISTINCT FROM x holds for every row.
      if (kind === 'AEXPR_DISTINCT' || kind === 'AEXPR_NOT_DISTINCT') {
        const l = pgExpr(b.lexpr);
        const r = pgExpr(b.rexpr);
        const negated = kind === 'AEXPR_DISTINCT';
        if (r.k === 'const' && r.v === null) return { k: 'isnull', negated, arg: l };
        if (l.k === 'const' && l.v === null) return { k: 'isnull', negated, arg: r };
        return { k: 'cmp', op: negated ? '<>' : '=', l, r };
      }
      if (kind === 'AEXPR_LIKE' || kind === 'AEXPR_ILIKE')
        return { k: 'like', negated: op.startsWith('!'), l: pgExpr(caseless(b.lexpr)), r: pgExpr(b.rexpr) };
      if (kind === 'AEXPR_IN')
        return {
          k: 'in',
          negated: op === '<>',
          l: pgExpr(b.lexpr),
          list: arr(obj(pgNode(b.rexpr)?.[1])?.items ?? b.rexpr).map(pgExpr),
        };
      if (kind === 'AEXPR_BETWEEN' || kind === 'AEXPR_NOT_BETWEEN') {
        const [lo, hi] = arr(pgNode(b.rexpr)?.[1]?.items ?? b.rexpr).map(pgExpr);
        return {
          k: 'between',
          negated: kind === 'AEXPR_NOT_BETWEEN',
          v: pgExpr(b.lexpr),
          lo: lo ?? OTHER,
          hi: hi ?? OTHER,
        };
      }
      // NULLIF(a, b) of constants is a constant: NULL when they are equal, a otherwise.
      if (kind === 'AEXPR_NULLIF') {
        const l = pgExpr(b.lexpr);
        const r = pgExpr(b.rexpr);
        if (l.k === 'const' && r.k === 'const')
          return truth({ k: 'cmp', op: '=', l, r }) === true ? { k: 'const', v: null } : l;
      }
      return otherExpr(v, t, b);
    }
    case 'MinMaxExpr': {
      // GREATEST(x, 0) is at least 0 and LEAST(x, 0) at most 0 for every row (red team r4).
      const args = arr(b.args).map(pgExpr);
      const consts = args.flatMap((x) => (x.k === 'const' && typeof x.v === 'number' ? [x.v] : []));
      const other = otherExpr(v, t, b);
      if (consts.length === 0 || other.k !== 'other') return other;
      if (consts.length === args.length)
        return { k: 'const', v: str(b.op) === 'IS_LEAST' ? Math.min(...consts) : Math.max(...consts) };
      return str(b.op) === 'IS_LEAST'
        ? { ...other, max: Math.min(...consts) }
        : { ...other, min: Math.max(...consts) };
    }
    case 'BoolExpr': {
      const args = arr(b.args).map(pgExpr);
      const op = str(b.boolop);
      if (op === 'NOT_EXPR') return { k: 'not', arg: args[0] ?? OTHER };
      return { k: op === 'OR_EXPR' ? 'or' : 'and', args };
    }
    case 'NullTest':
      return { k: 'isnull', negated: str(b.nulltesttype) === 'IS_NOT_NULL', arg: pgExpr(b.arg) };
    case 'CurrentOfExpr':
      return OTHER; // WHERE CURRENT OF cursor: one row
    case 'CoalesceExpr':
    case 'FuncCall': {
      const fn = t === 'FuncCall' ? names(b.funcname).pop()?.toLowerCase() : 'coalesce';
      const args = arr(b.args);
      // COALESCE(NULL, id), IFNULL(NULL, id), NVL(NULL, id): the one argument that is not NULL.
      if (fn === 'coalesce' || fn === 'ifnull' || fn === 'nvl' || (fn === 'isnull' && args.length === 2)) {
        const kept = args.map(pgExpr).filter((x) => !(x.k === 'const' && x.v === null));
        if (kept.length === 1) return kept[0]!;
      }
      // MySQL ISNULL(x): 1 when x is NULL.
      if (fn === 'isnull' && args.length === 1) return { k: 'isnull', negated: false, arg: pgExpr(args[0]) };
      const date = args.length > 0 && args.length <= 2 ? dateConstant(fn, args.map(pgExpr)) : undefined;
      return date ?? otherExpr(v, t, b);
    }
    case 'SubLink': {
      // A subquery that returns no rows (WHERE false, LIMIT 0): `x IN (...)` is false for every
      // row and `x NOT IN (...)` true (red team r3: NOT IN (SELECT NULL::int WHERE false)).
      const sel = pgNode(b.subselect)?.[1];
      const kind = str(b.subLinkType);
      const empty = emptySelect(sel);
      if (empty && (kind === 'ANY_SUBLINK' || kind === 'EXISTS_SUBLINK')) return { k: 'const', v: false };
      if (empty && kind === 'ALL_SUBLINK') return { k: 'const', v: true };
      // x IN (SELECT -1) / IN (VALUES (-1), (-2)): the list of those constants (red team r6:
      // `id NOT IN (SELECT -1)` keeps no row out).
      const listed = kind === 'ANY_SUBLINK' ? constantRows(sel) : undefined;
      const anyOp = names(b.operName).pop();
      if (listed !== undefined && (anyOp === undefined || anyOp === '='))
        return { k: 'in', negated: false, l: pgExpr(b.testexpr), list: listed };
      // (SELECT 0): a scalar subquery of one value with no FROM, filter or limit is that value.
      const only = arr(sel?.targetList);
      if (
        kind === 'EXPR_SUBLINK' &&
        sel !== undefined &&
        only.length === 1 &&
        sel.fromClause === undefined &&
        sel.whereClause === undefined &&
        sel.limitCount === undefined &&
        sel.havingClause === undefined &&
        (sel.op === undefined || str(sel.op) === 'SETOP_NONE')
      )
        return pgExpr(obj(pgNode(only[0])?.[1])?.val);
      return otherExpr(v, t, b);
    }
    default:
      return otherExpr(v, t, b);
  }
}

/** The constants a one-column subquery with no FROM returns (SELECT -1, VALUES (1), (2)); else undefined. */
function constantRows(sel: J | undefined): Expr[] | undefined {
  if (sel === undefined || sel.fromClause !== undefined || sel.whereClause !== undefined) return undefined;
  if (sel.limitCount !== undefined || sel.havingClause !== undefined) return undefined;
  if (sel.op !== undefined && str(sel.op) !== 'SETOP_NONE') return undefined;
  const values = arr(sel.valuesLists);
  const rows =
    values.length > 0
      ? values.map((r) => arr(obj(pgNode(r)?.[1])?.items ?? r))
      : [arr(sel.targetList).map((t) => obj(pgNode(t)?.[1])?.val)];
  const out: Expr[] = [];
  for (const r of rows) {
    if (r.length !== 1) return undefined;
    const e = pgExpr(r[0]);
    if (e.k !== 'const') return undefined;
    out.push(e);
  }
  return out.length > 0 ? out : undefined;
}

/** An interval literal of 50 years or more ('100 years', '60 y', '20000 days'). */
const FAR_INTERVAL = /^\s*(\d+)\s*(years?|y|days?|d)\b/i;

/**
 * Columns that record when something already happened: at or before now once set (updated_at is
 * set with the row; the others may be NULL, so only COALESCE with now() covers every row).
 */
const PAST_EVENT_COLUMN =
  /^(?:created|inserted|logged|recorded|occurred|updated|modified|deleted|archived|closed|completed|finished|ended|removed|cancell?ed|processed|sent|read|seen|started|submitted|resolved|paid|last_(?:login|seen|used|modified|activity|active))(?:_at|_on|_time|_ts|_date)?$|^(?:creation|insert)_(?:time|date)$/;
/** Of the past-event columns, those set whenever the row is written (never NULL in practice). */
const ALWAYS_SET_COLUMN = /^(?:updated|modified)(?:_at|_on|_time|_ts)$/;

/**
 * The value is a past time, or now, for every row: a creation or update time, or COALESCE /
 * IFNULL / NVL over past-event columns and now() (`now` only counts when `inclusive`: `<=`).
 */
function pastOrNow(v: unknown, inclusive: boolean): boolean {
  const n = pgNode(v);
  if (n?.[0] === 'ColumnRef') return ALWAYS_SET_COLUMN.test(lastField(n[1].fields) ?? '');
  const fn = n?.[0] === 'CoalesceExpr' ? 'coalesce' : n?.[0] === 'FuncCall' ? lastField(n[1].funcname) : '';
  if (fn !== 'coalesce' && fn !== 'ifnull' && fn !== 'nvl' && fn !== 'isnull') return false;
  const args = arr(n![1].args);
  let now = false;
  for (const a of args) {
    const x = pgNode(a);
    if (x?.[0] === 'ColumnRef' && PAST_EVENT_COLUMN.test(lastField(x[1].fields) ?? '')) continue;
    if (!isNowCall(a)) return false;
    now = true;
  }
  // Without now() among them a row with every column NULL is left out; with it, `<` leaves it out.
  return now && inclusive && args.length >= 2;
}

/** `lower(email)`, `upper(email)`, `trim(email)`: for a text search, the column itself. */
function caseless(v: unknown): unknown {
  const n = pgNode(v);
  if (
    n?.[0] !== 'FuncCall' ||
    !/^(?:lower|upper|btrim|trim|lcase|ucase)$/.test(lastField(n[1].funcname) ?? '')
  )
    return v;
  const args = arr(n[1].args);
  return args.length === 1 && pgNode(args[0])?.[0] === 'ColumnRef' ? args[0] : v;
}

/** Functions that find text in a value: index of the searched value and of the text sought. */
const FINDERS: Readonly<Record<string, readonly [number, number]>> = {
  position: [0, 1],
  strpos: [0, 1],
  instr: [0, 1],
  locate: [1, 0],
  charindex: [1, 0],
};

/**
 * `position('@' in email) > 0` (or `>= 1`, `<> 0`; `= 0` negated) is `email LIKE '%@%'` (red team
 * r5), so the LIKE rules decide whether every value contains it. Undefined for anything else.
 */
function containsTest(v: unknown, op: string, r: Expr): Expr | undefined {
  const n = pgNode(v);
  if (n?.[0] !== 'FuncCall' || r.k !== 'const' || typeof r.v !== 'number') return undefined;
  const idx = FINDERS[lastField(n[1].funcname) ?? ''];
  const args = arr(n[1].args).map((a) => pgExpr(caseless(a)));
  if (idx === undefined || args.length !== 2) return undefined;
  const [col, sought] = [args[idx[0]]!, args[idx[1]]!];
  if (sought.k !== 'const' || typeof sought.v !== 'string' || /[%_]/.test(sought.v)) return undefined;
  const found =
    (op === '>' && r.v === 0) || (op === '>=' && r.v === 1) || ((op === '<>' || op === '!=') && r.v === 0);
  const absent = (op === '=' && r.v === 0) || (op === '<' && r.v === 1);
  if (!found && !absent) return undefined;
  return { k: 'like', negated: absent, l: col, r: { k: 'const', v: `%${sought.v}%` } };
}

/** `now()`, `CURRENT_TIMESTAMP`, `getdate()` and the like, with no offset. */
function isNowCall(v: unknown): boolean {
  const n = pgNode(v);
  return (
    n?.[0] === 'SQLValueFunction' ||
    (n?.[0] === 'FuncCall' && NOW_FUNCTIONS.test(names(n[1].funcname).pop()?.toLowerCase() ?? ''))
  );
}

/** Days of a positive interval literal ('1 day', '2 hours' as 0.08), or undefined. */
function intervalDays(v: unknown): number | undefined {
  const cast = pgNode(v);
  if (cast?.[0] !== 'TypeCast' || names(obj(cast[1].typeName)?.names).pop() !== 'interval') return undefined;
  const lit = pgExpr(cast[1].arg);
  const m = lit.k === 'const' && typeof lit.v === 'string' ? INTERVAL.exec(lit.v) : null;
  if (!m) return undefined;
  const per: Readonly<Record<string, number>> = {
    y: 365,
    mo: 30,
    mon: 30,
    w: 7,
    d: 1,
    h: 1 / 24,
    mi: 1 / 1440,
  };
  // `INTERVAL '1' DAY` keeps its unit outside the literal: any positive count moves forward.
  const unit = (m[2] ?? 's').toLowerCase();
  const key = Object.keys(per).find((k) => unit.startsWith(k)) ?? 's';
  return Number(m[1]) * (per[key] ?? 1 / 86400);
}
const INTERVAL =
  /^\s*(\d+(?:\.\d+)?)\s*(years?|y|months?|mons?|weeks?|w|days?|d|hours?|h|minutes?|mins?|seconds?|secs?|s)?\b/i;

/** +1 for `now()` plus a positive interval (`current_timestamp + interval '1 day'`), 0 otherwise. */
function laterTime(v: unknown): number {
  const n = pgNode(v);
  if (n?.[0] !== 'A_Expr' || str(n[1].kind) !== 'AEXPR_OP' || names(n[1].name).pop() !== '+') return 0;
  if (isNowCall(n[1].lexpr)) return (intervalDays(n[1].rexpr) ?? 0) > 0 ? 1 : 0;
  return isNowCall(n[1].rexpr) && (intervalDays(n[1].lexpr) ?? 0) > 0 ? 1 : 0;
}

/** +1 for `now() + <50+ years>`, -1 for `now() - <50+ years>`, 0 for anything else. */
function farTime(v: unknown): number {
  const n = pgNode(v);
  if (n?.[0] !== 'A_Expr' || str(n[1].kind) !== 'AEXPR_OP') return 0;
  const op = names(n[1].name).pop();
  const base = pgNode(n[1].lexpr);
  const isNow =
    base?.[0] === 'SQLValueFunction' ||
    (base?.[0] === 'FuncCall' && NOW_FUNCTIONS.test(names(base[1].funcname).pop()?.toLowerCase() ?? ''));
  const cast = pgNode(n[1].rexpr);
  if (!isNow || cast?.[0] !== 'TypeCast' || names(obj(cast[1].typeName)?.names).pop() !== 'interval')
    return 0;
  const lit = pgExpr(cast[1].arg);
  const m = lit.k === 'const' && typeof lit.v === 'string' ? FAR_INTERVAL.exec(lit.v) : null;
  if (!m) return 0;
  const days = Number(m[1]) * (/^y/i.test(m[2]!) ? 365 : 1);
  if (days < 50 * 365) return 0;
  return op === '+' ? 1 : op === '-' ? -1 : 0;
}

/** An expression the evaluator cannot read: its column use, signature and function name. */
function otherExpr(v: unknown, t: string, b: J): Expr {
  const cols = hasColumnRef(v, 0);
  // A signature (the node without source positions) lets `f(x) = f(x)` read like `x = x`.
  const sig = signature(v);
  const fn = t === 'FuncCall' ? names(b.funcname).pop()?.toLowerCase() : undefined;
  return {
    k: 'other',
    cols,
    ...(sig !== undefined && { sig }),
    ...(fn !== undefined && { fn }),
  };
}

/** Common table expressions of a statement's WITH clause, by lowercased name. */
function cteMap(withClause: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const c of arr(obj(pgNode(withClause)?.[1] ?? withClause)?.ctes)) {
    const cte = pgNode(c)?.[1];
    const name = str(cte?.ctename);
    if (name !== undefined) out.set(name.toLowerCase(), cte?.ctequery);
  }
  return out;
}

const lastField = (f: unknown): string | undefined => names(f).pop()?.toLowerCase();

/**
 * The one column a SELECT returns when it reads every row of `table` (no WHERE, LIMIT, HAVING,
 * GROUP BY; one FROM item that is the table or a CTE that is such a SELECT of it): its name, the
 * aggregate around it (`min`/`max`) or '*'. Undefined for anything narrower.
 */
function wholeTableColumn(
  v: unknown,
  table: string,
  ctes: ReadonlyMap<string, unknown>,
  depth = 0,
  /** A LIMIT alone still counts: rows taken in arbitrary batches (R12: a loop until NOT FOUND). */
  batch = false,
): { readonly col: string; readonly agg?: string; readonly offset?: number } | undefined {
  const sel = pgNode(v);
  if (sel?.[0] !== 'SelectStmt' || depth > 4) return undefined;
  const q = sel[1];
  if (
    q.whereClause !== undefined ||
    (q.limitCount !== undefined && !batch) ||
    q.havingClause !== undefined ||
    q.groupClause !== undefined
  )
    return undefined;
  const from = arr(q.fromClause);
  const targets = arr(q.targetList);
  if (from.length !== 1 || targets.length !== 1) return undefined;
  const rv = pgNode(from[0]);
  if (rv?.[0] !== 'RangeVar') return undefined;
  const rel = str(rv[1].relname)?.toLowerCase();
  if (rel === undefined) return undefined;
  const raw = obj(pgNode(targets[0])?.[1])?.val;
  // `min(id) - 1`, `max(id) + 10`: the aggregate moved by a constant.
  const moved = offsetOf(raw);
  let val = pgNode(moved?.base ?? raw);
  let agg: string | undefined;
  if (val?.[0] === 'FuncCall' && arr(val[1].args).length === 1) {
    agg = lastField(val[1].funcname);
    val = pgNode(arr(val[1].args)[0]);
  }
  if (val?.[0] !== 'ColumnRef') return undefined;
  const col = arr(val[1].fields).some((f) => pgNode(f)?.[0] === 'A_Star') ? '*' : lastField(val[1].fields);
  if (col === undefined || (moved !== undefined && agg === undefined)) return undefined;
  if (rel === table)
    return { col, ...(agg !== undefined && { agg }), ...(moved !== undefined && { offset: moved.by }) };
  // FROM a CTE: the CTE must itself read the whole table and return that column.
  const inner = ctes.has(rel) ? wholeTableColumn(ctes.get(rel), table, ctes, depth + 1) : undefined;
  if (inner === undefined || inner.agg !== undefined || agg !== undefined) return undefined;
  return inner.col === '*' || inner.col === col || col === '*'
    ? { col: col === '*' ? inner.col : col }
    : undefined;
}

/**
 * A filter that every row of the target passes because it compares a column with the same
 * column over the whole table (red team r1-r3): `id IN (SELECT id FROM t)` or `= ANY(...)`,
 * also through a CTE (`WITH d AS (SELECT id FROM t) ... id IN (SELECT id FROM d)`), and
 * `id >= (SELECT min(id) FROM t)` / `id <= (SELECT max(id) FROM t)`.
 */
function selfSubquery(
  where: unknown,
  table: string | undefined,
  ctes: ReadonlyMap<string, unknown>,
): boolean {
  if (table === undefined) return false;
  table = table.toLowerCase();
  const n = pgNode(where);
  if (n?.[0] === 'A_Expr' && str(n[1].kind) === 'AEXPR_OP') {
    const op = names(n[1].name).pop();
    const [colSide, subSide, flip] =
      pgNode(n[1].lexpr)?.[0] === 'ColumnRef'
        ? [n[1].lexpr, n[1].rexpr, false]
        : [n[1].rexpr, n[1].lexpr, true];
    const col = pgNode(colSide);
    // `(SELECT min(id) FROM t) - 1`: the subquery moved by a constant.
    const outer = offsetOf(subSide);
    const link = pgNode(outer?.base ?? subSide);
    if (col?.[0] !== 'ColumnRef' || link?.[0] !== 'SubLink' || str(link[1].subLinkType) !== 'EXPR_SUBLINK')
      return false;
    const whole = wholeTableColumn(link[1].subselect, table, ctes);
    if (whole === undefined || whole.col !== lastField(col[1].fields)) return false;
    const by = (whole.offset ?? 0) + (outer?.by ?? 0);
    // Every value is >= min(col) and <= max(col): at or below the minimum (or above the maximum).
    const [gt, lt] = flip ? ['<', '>'] : ['>', '<'];
    return whole.agg === 'min'
      ? (op === gt + '=' && by <= 0) || (op === gt && by < 0)
      : whole.agg === 'max' && ((op === lt + '=' && by >= 0) || (op === lt && by > 0));
  }
  if (n?.[0] === 'SubLink' && parentKeys(n[1])) return true;
  if (n?.[0] !== 'SubLink') return false;
  const b = n[1];
  if (str(b.subLinkType) !== 'ANY_SUBLINK') return false;
  const op = names(b.operName).pop();
  if (op !== undefined && op !== '=') return false;
  const test = pgNode(b.testexpr);
  if (test?.[0] !== 'ColumnRef') return false;
  // `id IN (SELECT id FROM t LIMIT 10000)`: an unfiltered batch of the table, not a selection.
  const whole = wholeTableColumn(b.subselect, table, ctes, 0, true);
  return whole !== undefined && whole.agg === undefined && whole.col === lastField(test[1].fields);
}

/**
 * `EXISTS (SELECT 1 FROM orders o2 WHERE o2.id = orders.id)` (red team r6): a subquery over the
 * target's own table whose filter only matches a column of the inner row to the same column of the
 * outer row finds every row itself, so the filter holds for every row.
 */
function sameRowExists(where: unknown, relation: unknown): boolean {
  const n = pgNode(where);
  if (n?.[0] !== 'SubLink' || str(n[1].subLinkType) !== 'EXISTS_SUBLINK') return false;
  const outer = obj(relation);
  const table = str(outer?.relname)?.toLowerCase();
  const outerName = str(obj(outer?.alias)?.aliasname)?.toLowerCase() ?? table;
  const q = pgNode(n[1].subselect)?.[1];
  if (table === undefined || q === undefined) return false;
  if (q.limitCount !== undefined || q.havingClause !== undefined || q.groupClause !== undefined) return false;
  const from = arr(q.fromClause);
  // An unfiltered EXISTS (SELECT 1 FROM t) does not depend on the row: every row or none.
  if (q.whereClause === undefined && from.length > 0) return true;
  const rv = pgNode(from[0]);
  if (from.length !== 1 || rv?.[0] !== 'RangeVar' || str(rv[1].relname)?.toLowerCase() !== table)
    return false;
  const innerName = str(obj(rv[1].alias)?.aliasname)?.toLowerCase() ?? table;
  if (innerName === outerName) return false;
  const parts: unknown[] = [];
  const flat = (v: unknown): void => {
    const x = pgNode(v);
    if (x?.[0] === 'BoolExpr' && str(x[1].boolop) === 'AND_EXPR') arr(x[1].args).forEach(flat);
    else parts.push(v);
  };
  flat(q.whereClause);
  const ref = (v: unknown): { q?: string; col: string } | undefined => {
    const x = pgNode(v);
    if (x?.[0] !== 'ColumnRef') return undefined;
    const f = names(x[1].fields).map((y) => y.toLowerCase());
    return f.length === 0 ? undefined : { q: f[f.length - 2], col: f[f.length - 1]! };
  };
  return parts.every((p) => {
    const x = pgNode(p);
    if (x?.[0] !== 'A_Expr' || str(x[1].kind) !== 'AEXPR_OP' || names(x[1].name).pop() !== '=') return false;
    const [l, r] = [ref(x[1].lexpr), ref(x[1].rexpr)];
    if (l === undefined || r === undefined || l.col !== r.col) return false;
    const inner = (c: { q?: string }): boolean => c.q === undefined || c.q === innerName;
    return (l.q === outerName && inner(r)) || (r.q === outerName && inner(l));
  });
}

/** `x + 3` / `x - 3` with a numeric constant: x and the signed offset. */
function offsetOf(v: unknown): { readonly base: unknown; readonly by: number } | undefined {
  const n = pgNode(v);
  if (n?.[0] !== 'A_Expr' || str(n[1].kind) !== 'AEXPR_OP') return undefined;
  const op = names(n[1].name).pop();
  const k = pgExpr(n[1].rexpr);
  if ((op !== '+' && op !== '-') || k.k !== 'const' || typeof k.v !== 'number') return undefined;
  return { base: n[1].lexpr, by: op === '+' ? k.v : -k.v };
}

/**
 * `tenant_id IN (SELECT id FROM tenants)` (red team r5): a reference column against every key of
 * the table it names holds for every row whose reference is valid, which a foreign key makes all
 * of them. The subquery must read the whole table (no WHERE, LIMIT or GROUP BY).
 */
function parentKeys(b: J): boolean {
  if (str(b.subLinkType) !== 'ANY_SUBLINK') return false;
  const op = names(b.operName).pop();
  if (op !== undefined && op !== '=') return false;
  const test = pgNode(b.testexpr);
  const ref =
    test?.[0] === 'ColumnRef' ? /^([a-z][a-z0-9_]*?)_?id$/i.exec(lastField(test[1].fields) ?? '') : null;
  if (!ref) return false;
  const stem = ref[1]!.toLowerCase();
  const q = pgNode(b.subselect)?.[1];
  const rv = pgNode(arr(q?.fromClause)[0]);
  const rel = rv?.[0] === 'RangeVar' ? str(rv[1].relname)?.toLowerCase() : undefined;
  if (rel === undefined || ![stem, `${stem}s`, `${stem}es`, stem.replace(/y$/, 'ies')].includes(rel))
    return false;
  const whole = wholeTableColumn(b.subselect, rel, new Map());
  return whole !== undefined && whole.agg === undefined && whole.col === 'id';
}

/**
 * `DELETE FROM order_items i USING orders o WHERE i.order_id = o.id` (red team r5): a WHERE that
 * only joins the target's reference column to another table's key, with nothing filtering that
 * table, keeps every row whose reference is valid: all of them under a foreign key.
 */
function childOfEveryParent(b: J): boolean {
  const rel = obj(b.relation);
  const mine = (str(obj(rel?.alias)?.aliasname) ?? str(rel?.relname) ?? '').toLowerCase();
  const parts: Expr[] = [];
  const flat = (e: Expr): void => (e.k === 'and' ? e.args.forEach(flat) : void parts.push(e));
  flat(pgExpr(b.whereClause));
  let child = false;
  for (const e of parts) {
    if (e.k !== 'cmp' || e.op !== '=' || e.l.k !== 'col' || e.r.k !== 'col') return false;
    for (const [a, o] of [
      [e.l.name, e.r.name],
      [e.r.name, e.l.name],
    ] as const) {
      const [aq, ac] = [a.slice(0, Math.max(0, a.lastIndexOf('.'))), a.slice(a.lastIndexOf('.') + 1)];
      const [oq, oc] = [o.slice(0, Math.max(0, o.lastIndexOf('.'))), o.slice(o.lastIndexOf('.') + 1)];
      if (aq === mine && oq !== '' && oq !== mine && /[a-z0-9]_?id$/.test(ac) && ac !== 'id' && oc === 'id')
        child = true;
    }
  }
  return child;
}

/**
 * Names that denote the target table of an UPDATE/DELETE: its alias (or its name), and the alias of
 * each USING/FROM item that is the same table again (a self-join).
 */
function selfNames(b: J): Set<string> {
  const rel = obj(b.relation);
  const table = str(rel?.relname);
  const schema = str(rel?.schemaname);
  const out = new Set<string>();
  if (table === undefined) return out;
  const nameOf = (rv: J | undefined): string | undefined =>
    str(obj(rv?.alias)?.aliasname)?.toLowerCase() ??
    [str(rv?.schemaname), str(rv?.relname)]
      .filter((x) => x !== undefined)
      .join('.')
      .toLowerCase();
  out.add(nameOf(rel)!);
  const ctes = cteMap(b.withClause);
  for (const item of [...arr(b.usingClause), ...arr(b.fromClause)]) {
    const n = pgNode(item);
    // A CTE or subquery that reads every row of the target (`WITH x AS (SELECT id FROM t) ...
    // FROM x WHERE t.id = x.id`, R24) joins the table to itself as a second copy of it does.
    const cte = n?.[0] === 'RangeVar' ? str(n[1].relname)?.toLowerCase() : undefined;
    const whole =
      cte !== undefined && ctes.has(cte)
        ? wholeTableColumn(ctes.get(cte), table.toLowerCase(), ctes)
        : n?.[0] === 'RangeSubselect'
          ? wholeTableColumn(n[1].subquery, table.toLowerCase(), ctes)
          : undefined;
    const alias = str(obj(n?.[1].alias)?.aliasname)?.toLowerCase() ?? cte;
    if (whole !== undefined && alias !== undefined) out.add(alias);
    if (n?.[0] !== 'RangeVar' || str(n[1].relname) !== table) continue;
    if (str(n[1].schemaname) !== undefined && schema !== undefined && str(n[1].schemaname) !== schema)
      continue;
    out.add(nameOf(n[1])!);
  }
  return out;
}

/** The subtree references a column somewhere (bounded walk of the parser's JSON). */
/** Longest signature built; larger expressions get none (a cost bound on every WHERE). */
const MAX_SIGNATURE = 256;

/** The node's shape and values without source positions, or undefined past MAX_SIGNATURE characters. */
function signature(v: unknown): string | undefined {
  let out = '';
  const walk = (x: unknown, depth: number): boolean => {
    if (out.length > MAX_SIGNATURE || depth > 16) return false;
    if (x === null || typeof x !== 'object') {
      out += String(x) + ',';
      return true;
    }
    if (Array.isArray(x)) {
      out += '[';
      for (const y of x) if (!walk(y, depth + 1)) return false;
      out += ']';
      return true;
    }
    out += '{';
    for (const k in x as Record<string, unknown>) {
      if (k === 'location') continue;
      out += k + ':';
      if (!walk((x as Record<string, unknown>)[k], depth + 1)) return false;
    }
    out += '}';
    return true;
  };
  return walk(v, 0) && out.length <= MAX_SIGNATURE ? out : undefined;
}

function hasColumnRef(v: unknown, depth: number): boolean {
  if (depth > 64 || v === null || typeof v !== 'object') return depth > 64;
  if (Array.isArray(v)) return v.some((x) => hasColumnRef(x, depth + 1));
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === 'ColumnRef') return true;
    if (hasColumnRef(x, depth + 1)) return true;
  }
  return false;
}

/** Convert one RawStmt. `start`/`end` are UTF-16 indexes of the statement in `ctx.text`. */
export function fromPg(stmt: unknown, start: number, end: number, ctx: PgContext): StmtInfo[] {
  const out: StmtInfo[] = [];
  convert(stmt, start, end, ctx, out);
  return out;
}

function convert(node: unknown, start: number, end: number, ctx: PgContext, out: StmtInfo[]): void {
  const n = pgNode(node);
  if (!n) return;
  const [type, b] = n;
  const s = newStmt('other', 'postgresql', start, end);
  out.push(s);
  let skip: unknown = undefined;
  switch (type) {
    case 'SelectStmt':
      s.statement = 'select';
      if (b.intoClause !== undefined) s.object = 'table';
      if (str(b.op) === 'SETOP_UNION') s.union = true;
      // Whether the read picks rows (SQL-AST-014: every account's password hash is a dump).
      s.hasWhere = b.whereClause !== undefined;
      if (s.hasWhere) s.tautologicalWhere = isTautology(pgExpr(b.whereClause));
      break;
    case 'InsertStmt':
      s.statement = 'insert';
      skip = b.relation;
      addTable(s.targets, [str(obj(b.relation)?.schemaname), str(obj(b.relation)?.relname)]);
      break;
    case 'UpdateStmt':
    case 'DeleteStmt': {
      s.statement = type === 'UpdateStmt' ? 'update' : 'delete';
      skip = b.relation;
      addTable(s.targets, [str(obj(b.relation)?.schemaname), str(obj(b.relation)?.relname)]);
      s.hasWhere = b.whereClause !== undefined;
      s.tautologicalWhere =
        s.hasWhere &&
        (isTautology(withSelfJoin(pgExpr(b.whereClause), selfNames(b))) ||
          selfSubquery(b.whereClause, str(obj(b.relation)?.relname), cteMap(b.withClause)) ||
          sameRowExists(b.whereClause, b.relation) ||
          (type === 'DeleteStmt' && childOfEveryParent(b)));
      break;
    }
    case 'MergeStmt': {
      s.object = 'merge';
      addTable(s.targets, [str(obj(b.relation)?.schemaname), str(obj(b.relation)?.relname)]);
      // WHEN MATCHED THEN DELETE/UPDATE with an ON that matches every row (ON true, ON 1=1) and no
      // AND condition of its own is a DELETE/UPDATE without WHERE.
      const on =
        b.joinCondition === undefined ||
        selfMerge(b) ||
        isTautology(
          withSelfJoin(
            pgExpr(b.joinCondition),
            selfNames({ relation: b.relation, usingClause: [b.sourceRelation] }),
          ),
        );
      // WHEN NOT MATCHED BY SOURCE THEN DELETE from a source that holds no rows (WHERE false,
      // LIMIT 0: R21) reaches every target row.
      const src = pgNode(b.sourceRelation);
      const noSource = src?.[0] === 'RangeSubselect' && emptySelect(pgNode(src[1].subquery)?.[1]);
      for (const w of arr(b.mergeWhenClauses)) {
        const c = pgNode(w)?.[1];
        const cmd = str(c?.commandType);
        const kind = str(c?.matchKind);
        const every = kind === 'MERGE_WHEN_NOT_MATCHED_BY_SOURCE' ? noSource || on : on;
        if (
          !every ||
          (cmd !== 'CMD_DELETE' && cmd !== 'CMD_UPDATE') ||
          kind === 'MERGE_WHEN_NOT_MATCHED_BY_TARGET'
        )
          continue;
        if (c?.condition !== undefined && !isTautology(pgExpr(c.condition))) continue;
        s.statement = cmd === 'CMD_DELETE' ? 'delete' : 'update';
        s.hasWhere = true;
        s.tautologicalWhere = true;
        if (cmd === 'CMD_DELETE') break;
      }
      break;
    }
    case 'TruncateStmt':
      s.statement = 'truncate';
      s.object = 'table';
      for (const r of arr(b.relations)) {
        const rv = pgNode(r)?.[1];
        addTable(s.targets, [str(rv?.schemaname), str(rv?.relname)]);
      }
      skip = b.relations;
      break;
    case 'DropStmt':
      s.statement = 'drop';
      s.object = objectKind(str(b.removeType));
      for (const o of arr(b.objects)) {
        const [t, body] = pgNode(o) ?? ['', {}];
        if (t === 'String') s.targets.push(str(body.sval) ?? '');
        else if (t === 'List') s.targets.push(names(body.items).join('.'));
        else if (t === 'ObjectWithArgs') s.targets.push(names(body.objname).join('.'));
        else if (t === 'TypeName') s.targets.push(names(body.names).join('.'));
      }
      return;
    case 'DropdbStmt':
      s.statement = 'drop';
      s.object = 'database';
      s.targets.push(str(b.dbname) ?? '');
      return;
    case 'DropRoleStmt':
      s.statement = 'drop';
      s.object = 'role';
      for (const r of arr(b.roles)) s.targets.push(str(pgNode(r)?.[1]?.rolename) ?? '');
      return;
    case 'AlterTableStmt':
      s.statement = 'alter';
      s.object = objectKind(str(b.objtype));
      addTable(s.targets, [str(obj(b.relation)?.schemaname), str(obj(b.relation)?.relname)]);
      skip = b.relation;
      for (const c of arr(b.cmds)) {
        const sub = str(pgNode(c)?.[1]?.subtype);
        // Dropping a constraint loses no rows (red team r3 FP); dropping a column does.
        if (sub === 'AT_DropColumn') s.dropsColumn = true;
        // ALTER COLUMN ... TYPE ... USING <constant> overwrites every value of the column.
        if (sub === 'AT_AlterColumnType') {
          const using = obj(pgNode(pgNode(c)?.[1]?.def)?.[1])?.raw_default;
          if (using !== undefined && !hasColumnRef(using, 0)) s.dropsColumn = true;
        }
      }
      break;
    case 'CreateRoleStmt':
    case 'AlterRoleStmt': {
      s.statement = type === 'CreateRoleStmt' ? 'create' : 'alter';
      s.object = str(b.stmt_type) === 'ROLESTMT_USER' ? 'user' : 'role';
      s.targets.push(str(b.role) ?? str(obj(b.role)?.rolename) ?? '');
      for (const o of arr(b.options)) {
        const d = pgNode(o)?.[1];
        const on = obj(pgNode(d?.arg)?.[1])?.boolval === true || d?.arg === undefined;
        if (str(d?.defname) === 'superuser' && on) s.createsSuperuser = true;
        if (str(d?.defname) === 'rolemembers' || str(d?.defname) === 'addroleto')
          for (const r of arr(d?.arg))
            s.grantsRoles.push((str(pgNode(r)?.[1]?.rolename) ?? '').toLowerCase());
      }
      return;
    }
    case 'GrantStmt':
      s.statement = b.is_grant === true ? 'grant' : 'revoke';
      s.object = objectKind(str(b.objtype));
      s.grantsAll = b.is_grant === true && arr(b.privileges).length === 0;
      if (str(b.targtype) === 'ACL_TARGET_ALL_IN_SCHEMA') s.targets.push('*');
      for (const o of arr(b.objects)) {
        const [t, body] = pgNode(o) ?? ['', {}];
        if (t === 'String') s.targets.push(str(body.sval) ?? '');
        else if (t === 'RangeVar') addTable(s.targets, [str(body.schemaname), str(body.relname)]);
        else if (t === 'ObjectWithArgs') s.targets.push(names(body.objname).join('.'));
      }
      return;
    case 'GrantRoleStmt':
      s.statement = b.is_grant === true ? 'grant' : 'revoke';
      s.object = 'role';
      if (b.is_grant === true)
        for (const r of arr(b.granted_roles))
          s.grantsRoles.push((str(pgNode(r)?.[1]?.priv_name) ?? '').toLowerCase());
      for (const r of arr(b.grantee_roles)) s.targets.push(str(pgNode(r)?.[1]?.rolename) ?? '');
      return;
    case 'CopyStmt': {
      s.statement = 'copy';
      addTable(s.targets, [str(obj(b.relation)?.schemaname), str(obj(b.relation)?.relname)]);
      skip = b.relation;
      const file = str(b.filename);
      if (file !== undefined) {
        if (b.is_program === true) s.runsProgram = file;
        else if (b.is_from === true) s.readsFile = file;
        else s.writesFile = file;
      }
      break;
    }
    case 'CreateFunctionStmt': {
      s.statement = 'create';
      s.object = b.is_procedure === true ? 'procedure' : 'function';
      s.targets.push(names(b.funcname).join('.'));
      let language = '';
      let body: string[] = [];
      for (const o of arr(b.options)) {
        const d = pgNode(o)?.[1];
        if (str(d?.defname) === 'language') language = (str(pgNode(d?.arg)?.[1]?.sval) ?? '').toLowerCase();
        if (str(d?.defname) === 'as') body = names(pgNode(d?.arg)?.[1]?.items ?? d?.arg);
      }
      // LANGUAGE C with AS 'file', 'symbol' loads a shared library into the server.
      if (language === 'c' && body[0] !== undefined) s.loadsLibrary = body[0];
      if (UNTRUSTED_LANGUAGE.test(language)) s.runsProgram = `LANGUAGE ${language}`;
      // The body runs whenever the routine is called or its trigger fires (red team r3: a
      // LANGUAGE sql/plpgsql wipe created, then called): analysed as the SQL it is.
      else if (SQL_LANGUAGES.has(language) && body[0] !== undefined && body.length === 1)
        s.dynamicSql.push({ code: body[0], start, end });
      // SQL-standard bodies (BEGIN ATOMIC ... END, RETURN expr) arrive parsed.
      for (const item of arr(pgNode(b.sql_body)?.[1]?.items))
        for (const inner of arr(pgNode(item)?.[1]?.items ?? [item])) convert(inner, start, end, ctx, out);
      return;
    }
    case 'LoadStmt':
      s.statement = 'load';
      s.loadsLibrary = str(b.filename) ?? '';
      return;
    case 'DoStmt': {
      s.statement = 'call';
      s.object = 'do';
      let code: string | undefined;
      for (const o of arr(b.args)) {
        const d = pgNode(o)?.[1];
        const value = str(pgNode(d?.arg)?.[1]?.sval);
        if (str(d?.defname) === 'as') code = value;
        // DO LANGUAGE plpython3u $$ ... $$ runs Python (or Perl, Tcl, shell) inside the server.
        if (str(d?.defname) === 'language' && UNTRUSTED_LANGUAGE.test(value?.toLowerCase() ?? ''))
          s.runsProgram = `DO LANGUAGE ${value!.toLowerCase()}`;
      }
      if (code !== undefined && s.runsProgram === undefined) s.dynamicSql.push({ code, start, end });
      return;
    }
    case 'CreatePolicyStmt':
    case 'AlterPolicyStmt': {
      // USING (true) / WITH CHECK (true) lets every role reach every row the policy covers; a
      // read-only policy (FOR SELECT) created that way is the usual "public catalogue" and stays,
      // unless the table holds people, money or secrets (red team r7: `ON customers FOR SELECT`).
      s.statement = type === 'CreatePolicyStmt' ? 'create' : 'alter';
      s.object = 'policy';
      addTable(s.targets, [str(obj(b.table)?.schemaname), str(obj(b.table)?.relname)]);
      // A restrictive policy only narrows what the permissive ones allow; USING (false) opens nothing.
      const open = (e: unknown): boolean => e !== undefined && truth(pgExpr(e)) === true;
      const reads = str(b.cmd_name) === 'select' && !holdsPersonalData(str(obj(b.table)?.relname) ?? '');
      // libpg_query leaves out false booleans: a RESTRICTIVE policy has no `permissive` (ALTER keeps the kind).
      if (
        (open(b.qual) || open(b.with_check)) &&
        !reads &&
        (type === 'AlterPolicyStmt' || b.permissive === true)
      )
        s.tautologicalWhere = true;
      return;
    }
    case 'ExplainStmt': {
      const analyze = arr(b.options).some((o) => str(pgNode(o)?.[1]?.defname) === 'analyze');
      if (analyze) {
        out.pop();
        convert(b.query, start, end, ctx, out);
        return;
      }
      s.statement = 'select';
      s.object = 'explain';
      return;
    }
    case 'PrepareStmt':
      out.pop();
      convert(b.query, start, end, ctx, out);
      return;
    case 'CreateTableAsStmt':
      s.statement = 'create';
      s.object = 'table';
      walk(b.query, s, ctx, out, undefined);
      return;
    case 'ExecuteStmt':
    case 'CallStmt':
      s.statement = 'call';
      break;
    case 'AlterSystemStmt':
      s.statement = 'alter';
      s.object = 'system';
      s.settings.push((str(obj(b.setstmt)?.name) ?? '').toLowerCase());
      return;
    case 'VariableSetStmt':
      s.object = 'set';
      if (str(b.name) !== undefined) s.settings.push(str(b.name)!.toLowerCase());
      return;
    case 'CreateExtensionStmt':
      s.statement = 'create';
      s.object = 'extension';
      s.targets.push(str(b.extname) ?? '');
      return;
    default:
      if (type.startsWith('Create') || type === 'IndexStmt' || type === 'ViewStmt' || type === 'RuleStmt')
        s.statement = 'create';
      else if (type.startsWith('Alter') || type === 'RenameStmt') s.statement = 'alter';
      else if (type.startsWith('Drop')) {
        s.statement = 'drop';
        s.object = type.slice(4).replace(/Stmt$/, '').toLowerCase();
      }
  }
  walk(b, s, ctx, out, skip);
}

/** A SELECT that returns no rows whatever the table holds: WHERE false, LIMIT 0. */
function emptySelect(sel: J | undefined): boolean {
  if (sel === undefined) return false;
  const limit = pgExpr(sel.limitCount);
  return (
    (sel.whereClause !== undefined && truth(pgExpr(sel.whereClause)) === false) ||
    (limit.k === 'const' && limit.v === 0)
  );
}

/**
 * MERGE whose source is the target table itself, unfiltered (the table, or a SELECT from it with no
 * WHERE, LIMIT or grouping), joined on one column equal to itself (red team r8: `MERGE INTO
 * customers t USING (SELECT id FROM customers) s ON t.id = s.id WHEN MATCHED THEN DELETE`): every
 * row with a key matches its own copy.
 */
function selfMerge(b: J): boolean {
  const target = str(obj(b.relation)?.relname)?.toLowerCase();
  if (target === undefined) return false;
  const src = pgNode(b.sourceRelation);
  let from: unknown = b.sourceRelation;
  if (src?.[0] === 'RangeSubselect') {
    const sel = obj(pgNode(src[1].subquery)?.[1]);
    if (
      !sel ||
      sel.whereClause !== undefined ||
      sel.limitCount !== undefined ||
      sel.groupClause !== undefined ||
      sel.havingClause !== undefined ||
      sel.distinctClause !== undefined ||
      str(sel.op) !== 'SETOP_NONE' ||
      arr(sel.fromClause).length !== 1
    )
      return false;
    from = arr(sel.fromClause)[0];
  } else if (src?.[0] !== 'RangeVar') return false;
  const rv = pgNode(from);
  if (rv?.[0] !== 'RangeVar' || str(rv[1].relname)?.toLowerCase() !== target) return false;
  const on = pgNode(b.joinCondition);
  if (on?.[0] !== 'A_Expr' || str(on[1].kind) !== 'AEXPR_OP' || names(on[1].name).pop() !== '=') return false;
  const l = lastField(obj(pgNode(on[1].lexpr)?.[1])?.fields);
  return l !== undefined && l === lastField(obj(pgNode(on[1].rexpr)?.[1])?.fields);
}

/** A node to walk, or one key of an object to read (`key` set) before its value is walked. */
interface WalkItem {
  readonly v: unknown;
  readonly inTargetList: boolean;
  readonly key?: string;
}

/**
 * Collect functions, tables read, credential columns and nested modifying statements. Iterative
 * (an explicit stack, same pre-order as a recursive walk): a chain of thousands of UNIONs or JOINs
 * nests the tree that deep, and recursion overflowed the call stack (issue 22, worst case).
 */
function walk(
  root: unknown,
  s: StmtInfo,
  ctx: PgContext,
  out: StmtInfo[],
  skip: unknown,
  rootInTargetList = false,
): void {
  const stack: WalkItem[] = [{ v: root, inTargetList: rootInTargetList }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { v, inTargetList, key } = item;
    if (key === undefined) {
      if (v === skip && skip !== undefined) continue;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], inTargetList });
        continue;
      }
      const o = obj(v);
      if (!o) continue;
      const keys = Object.keys(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        const c = o[k];
        // Scalars (locations, names already read by their parents) lead nowhere: half the items on a long list.
        if (c !== null && typeof c === 'object') stack.push({ v: c, inTargetList, key: k });
      }
      continue;
    }
    const child = v;
    switch (key) {
      case 'DeleteStmt':
      case 'UpdateStmt':
      case 'InsertStmt':
      case 'MergeStmt':
        // A data-modifying CTE is a statement of its own.
        convert({ [key]: child }, s.start, s.end, ctx, out);
        continue;
      case 'SelectStmt': {
        const sel = obj(child);
        if (sel && str(sel.op) === 'SETOP_UNION') s.union = true;
        if (sel && sel.intoClause !== undefined && s.statement === 'select') s.object = 'table';
        break;
      }
      case 'FuncCall': {
        const f = obj(child);
        if (f) {
          const parts = names(f.funcname).map((x) => x.toLowerCase());
          if (parts[parts.length - 2] !== 'utl_inaddr' || arr(f.args).length > 0) addFunction(s, parts);
          const argIdx =
            DYNAMIC_SQL_ARGS[parts[parts.length - 1] ?? ''] ?? QUALIFIED_DYNAMIC_SQL_ARGS[parts.join('.')];
          if (argIdx !== undefined) {
            const args = arr(f.args);
            let a = pgNode(args[argIdx < 0 ? args.length - 1 : argIdx]);
            // `command := 'DROP ...'` (named notation) carries the string one level down.
            if (a?.[0] === 'NamedArgExpr') a = pgNode(a[1].arg);
            if (a && a[0] === 'A_Const' && obj(a[1].sval)) {
              const code = str(obj(a[1].sval)?.sval) ?? '';
              const at = ctx.toIndex(num(a[1].location) ?? 0);
              s.dynamicSql.push({ code, start: at, end: at + code.length + 2 });
            }
          }
        }
        break;
      }
      case 'RangeVar': {
        const r = obj(child);
        if (r) addTable(s.readsTables, [str(r.catalogname), str(r.schemaname), str(r.relname)]);
        continue;
      }
      case 'ColumnRef': {
        // Oracle calls package functions without parentheses: utl_inaddr.get_host_address.
        const fields = names(obj(child)?.fields).map((f) => f.toLowerCase());
        // Bare `utl_inaddr.get_host_name` names the local host, looked up nowhere (R21 twin).
        if (
          fields.length >= 2 &&
          DANGEROUS_PACKAGES.has(fields[fields.length - 2]!) &&
          fields[fields.length - 2] !== 'utl_inaddr'
        )
          addFunction(s, fields);
        if (inTargetList) {
          const col = names(obj(child)?.fields).pop()?.toLowerCase();
          if (col !== undefined && isSecretColumn(col) && !s.credentialColumns.includes(col))
            s.credentialColumns.push(col);
        }
        continue;
      }
    }
    stack.push({ v: child, inTargetList: inTargetList || key === 'targetList' });
  }
}
