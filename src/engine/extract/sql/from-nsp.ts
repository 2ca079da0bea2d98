/**
 * MySQL/SQLite front end: turns a node-sql-parser AST (one statement) into a StmtInfo. Used only
 * for statements PostgreSQL's parser rejects (backticks, INTO OUTFILE, LOAD DATA, ATTACH ...).
 */
import { isSecretColumn } from '../../knowledge/sql-secret-names.js';
import {
  CREATION_COLUMN,
  NOW_FUNCTIONS,
  OTHER,
  arithmeticIdentity,
  dateConstant,
  isTautology,
  withSelfJoin,
  type Expr,
} from './expr.js';
import { arr, obj, str, type J } from './json.js';
import { addFunction, addTable, newStmt, type SqlDialect, type StmtInfo } from './stmt.js';

const colName = (c: unknown): string | undefined => {
  if (typeof c === 'string') return c.toLowerCase();
  const e = obj(obj(c)?.expr);
  const v = e?.value;
  return typeof v === 'string' ? v.toLowerCase() : undefined;
};

const literal = (n: J): string | undefined => {
  const t = str(n.type);
  if (t === 'single_quote_string' || t === 'string' || t === 'double_quote_string' || t === 'natural_string')
    return str(n.value);
  return undefined;
};

export function nspExpr(v: unknown): Expr {
  const n = obj(v);
  if (!n) return OTHER;
  const t = str(n.type);
  switch (t) {
    case 'number':
      return { k: 'const', v: typeof n.value === 'number' ? n.value : Number(n.value) };
    case 'bool':
    case 'boolean':
      return { k: 'const', v: n.value === true };
    case 'null':
      return { k: 'const', v: null };
    case 'column_ref':
      return {
        k: 'col',
        name: [str(n.table), colName(n.column)]
          .filter((x) => x)
          .join('.')
          .toLowerCase(),
      };
    case 'unary_expr':
      if (str(n.operator)?.toUpperCase() === 'NOT' || n.operator === '!')
        return { k: 'not', arg: nspExpr(n.expr) };
      return OTHER;
    case 'binary_expr': {
      const op = (str(n.operator) ?? '').toUpperCase();
      if (op === 'AND' || op === '&&') return { k: 'and', args: [nspExpr(n.left), nspExpr(n.right)] };
      if (op === 'OR' || op === '||') return { k: 'or', args: [nspExpr(n.left), nspExpr(n.right)] };
      if (op === 'LIKE' || op === 'NOT LIKE' || op === 'ILIKE' || op === 'NOT ILIKE')
        return { k: 'like', negated: op.startsWith('NOT'), l: nspExpr(n.left), r: nspExpr(n.right) };
      if (op === 'IN' || op === 'NOT IN')
        return {
          k: 'in',
          negated: op === 'NOT IN',
          l: nspExpr(n.left),
          list: arr(obj(n.right)?.value).map(nspExpr),
        };
      if (op === 'BETWEEN' || op === 'NOT BETWEEN') {
        const [lo, hi] = arr(obj(n.right)?.value).map(nspExpr);
        return {
          k: 'between',
          negated: op === 'NOT BETWEEN',
          v: nspExpr(n.left),
          lo: lo ?? OTHER,
          hi: hi ?? OTHER,
        };
      }
      if (op === 'IS' || op === 'IS NOT') {
        if (obj(n.right)?.type === 'null')
          return { k: 'isnull', negated: op === 'IS NOT', arg: nspExpr(n.left) };
        return OTHER;
      }
      // `created_at <= NOW() + INTERVAL 1 DAY`: a creation time is in the past for every row (R13).
      if (
        ((op === '<' || op === '<=') && madeBefore(n.left, n.right)) ||
        ((op === '>' || op === '>=') && madeBefore(n.right, n.left))
      )
        return { k: 'const', v: true };
      if (['=', '==', '!=', '<>', '<', '<=', '>', '>=', '<=>'].includes(op))
        return { k: 'cmp', op, l: nspExpr(n.left), r: nspExpr(n.right) };
      if ((op === 'REGEXP' || op === 'RLIKE' || op === 'GLOB') && obj(n.right) !== undefined) {
        // A pattern that matches everything (`REGEXP '.*'`, `GLOB '*'`) is LIKE '%'.
        const r = nspExpr(n.right);
        if (r.k === 'const' && typeof r.v === 'string' && /^(?:\^?(?:\.\*)*\$?|\*+)$/.test(r.v))
          return { k: 'like', negated: false, l: nspExpr(n.left), r: { k: 'const', v: '%' } };
        return OTHER;
      }
      if (op === '+' || op === '-' || op === '*' || op === '/' || op === '%')
        return arithmeticIdentity(op, nspExpr(n.left), nspExpr(n.right)) ?? OTHER;
      return OTHER;
    }
    case 'function': {
      // toDate('1970-01-01'), DATE('1970-01-01'): the literal is the value compared.
      const name = obj(n.name);
      const fn = [...arr(name?.name), obj(name?.schema)]
        .map((x) => str(obj(x)?.value))
        .find((x) => x !== undefined);
      const args = arr(obj(n.args)?.value);
      const date =
        args.length > 0 && args.length <= 2 ? dateConstant(fn?.toLowerCase(), args.map(nspExpr)) : undefined;
      return date ?? opaque(n);
    }
    case 'cast':
    case 'case':
      return opaque(n);
    default: {
      const s = literal(n);
      return s === undefined ? OTHER : { k: 'const', v: s };
    }
  }
}

/** The name of a call (`NOW`, `DATE_ADD`), lowercased. */
const callName = (n: J | undefined): string | undefined =>
  arr(obj(n?.name)?.name)
    .map((x) => str(obj(x)?.value))
    .find((x) => x !== undefined)
    ?.toLowerCase();

/** A literal count of an interval or DATEADD step: positive when the time moves forward. */
const positive = (v: unknown): boolean => {
  const x = nspExpr(v);
  return x.k === 'const' && typeof x.v === 'number' && x.v > 0;
};

/** The current time, or a time after it: NOW(), NOW() + INTERVAL 1 DAY, DATE_ADD(NOW(), ...), DATEADD(day, 1, GETDATE()). */
function nowOrLater(v: unknown): boolean {
  const n = obj(v);
  if (n?.type === 'function') {
    const fn = callName(n);
    const args = arr(obj(n.args)?.value);
    if (fn !== undefined && NOW_FUNCTIONS.test(fn)) return true;
    if (fn === 'date_add' || fn === 'adddate' || fn === 'timestampadd')
      return (
        nowOrLater(args[0]) && positive(obj(args[1])?.type === 'interval' ? obj(args[1])?.expr : args[1])
      );
    if (fn === 'dateadd') return positive(args[1]) && nowOrLater(args[2]);
    return false;
  }
  if (n?.type === 'binary_expr' && n.operator === '+') {
    const interval = (x: unknown): boolean => obj(x)?.type === 'interval' && positive(obj(x)?.expr);
    return (nowOrLater(n.left) && interval(n.right)) || (interval(n.left) && nowOrLater(n.right));
  }
  return false;
}

/** `column` is a creation time and `bound` now or later: every row was made before it. */
function madeBefore(column: unknown, bound: unknown): boolean {
  const c = obj(column);
  if (c?.type !== 'column_ref') return false;
  const raw = typeof c.column === 'string' ? c.column : str(obj(obj(c.column)?.expr)?.value);
  const name = (raw ?? '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return CREATION_COLUMN.test(name) && nowOrLater(bound);
}

/** Longest signature kept for an unreadable expression (a cost bound on every WHERE). */
const MAX_SIGNATURE = 256;

/** A call or cast the evaluator cannot read, signed by its JSON so `f(x) OR NOT f(x)` reads as one f(x). */
function opaque(n: J): Expr {
  const sig = JSON.stringify(n);
  if (sig.length > MAX_SIGNATURE) return OTHER;
  // Only a column use is asserted: a call with none may still differ per row (RAND()).
  return sig.includes('"column_ref"') ? { k: 'other', sig, cols: true } : { k: 'other', sig };
}

const tableNames = (list: unknown): string[] => {
  const out: string[] = [];
  for (const t of arr(list)) {
    const o = obj(t);
    if (o) addTable(out, [str(o.db), str(o.schema), str(o.table)]);
  }
  return out;
};

/** Name (alias, or the table's own name) → table, for the FROM/JOIN items of a statement. */
function aliasTable(items: readonly unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of items) {
    const o = obj(item);
    const table = str(o?.table)?.toLowerCase();
    if (table === undefined) continue;
    out.set(str(o?.as)?.toLowerCase() ?? table, table);
  }
  return out;
}

/**
 * The ON conditions of inner joins: a MySQL multi-table `DELETE t FROM users t JOIN banned b ON
 * b.user_id = t.id` touches only the rows the join keeps, as a WHERE would. An outer join keeps
 * every row of its left side, so its ON bounds nothing.
 */
function joinFilters(items: readonly unknown[]): Expr[] {
  const out: Expr[] = [];
  for (const item of items) {
    const o = obj(item);
    const join = str(o?.join)?.toUpperCase();
    if (o?.on === undefined || o.on === null || join === undefined) continue;
    if (join === 'JOIN' || join === 'INNER JOIN' || join === 'STRAIGHT_JOIN') out.push(nspExpr(o.on));
  }
  return out;
}

const qualifier = (name: string): string => name.slice(0, Math.max(0, name.lastIndexOf('.')));
const column = (name: string): string => name.slice(name.lastIndexOf('.') + 1).replace(/[`"]/g, '');

/**
 * A multi-table DELETE whose only filter is key joins (red team r5: `DELETE o, i FROM orders o JOIN
 * order_items i ON i.order_id = o.id`): every child row whose reference is valid is joined, and
 * every parent with a child, so the delete takes (nearly) every row of each target. It is a filter
 * only when a single target is joined by its own key to another table's reference column (`DELETE
 * t FROM users t JOIN banned b ON b.user_id = t.id`: the users who are banned).
 */
function keyJoinOnly(filters: readonly Expr[], targets: ReadonlySet<string>, count: number): boolean {
  const pairs: [string, string][] = [];
  const walk = (e: Expr): boolean => {
    if (e.k === 'and') return e.args.every(walk);
    if (e.k !== 'cmp' || e.op !== '=' || e.l.k !== 'col' || e.r.k !== 'col') return false;
    pairs.push([e.l.name, e.r.name]);
    return true;
  };
  if (filters.length === 0 || !filters.every(walk)) return false;
  if (count >= 2) return true;
  // The target's side is a reference (`i.order_id`) and the other side a key (`o.id`).
  return pairs.some(([a, b]) =>
    [
      [a, b],
      [b, a],
    ].some(
      ([mine, other]) =>
        targets.has(qualifier(mine!)) &&
        !targets.has(qualifier(other!)) &&
        /[a-z0-9](?:_id|Id)$/.test(column(mine!)) &&
        column(other!).toLowerCase() === 'id',
    ),
  );
}

/** Convert one statement AST. `tableList` is node-sql-parser's `op::db::table` list for it. */
/** ALTER TABLE ... DROP resources that lose no stored values. */
const KEEPS_DATA: ReadonlySet<string> = new Set([
  'default',
  'null',
  'index',
  'key',
  'constraint',
  'primary key',
  'foreign key',
  'check',
  'fulltext',
  'spatial',
  'unique',
]);

export function fromNsp(ast: J, dialect: SqlDialect, start: number, end: number): StmtInfo {
  const s = newStmt('other', dialect, start, end);
  const type = str(ast.type) ?? '';
  const keyword = (str(ast.keyword) ?? '').toLowerCase();
  switch (type) {
    case 'select': {
      s.statement = 'select';
      const into = obj(ast.into);
      const kw = (str(into?.keyword) ?? '').toUpperCase();
      if (kw === 'OUTFILE' || kw === 'DUMPFILE') s.writesFile = str(obj(into?.expr)?.value) ?? '';
      // Whether the read picks rows (SQL-AST-014: every account's password hash is a dump).
      s.hasWhere = ast.where !== null && ast.where !== undefined;
      if (s.hasWhere) s.tautologicalWhere = isTautology(nspExpr(ast.where));
      break;
    }
    case 'insert':
    case 'replace':
      s.statement = 'insert';
      s.targets = tableNames(ast.table);
      break;
    case 'update':
    case 'delete': {
      s.statement = type;
      const items = arr(type === 'delete' ? ast.from : ast.table);
      const real = aliasTable(items);
      s.targets = tableNames(ast.table).map((t) => real.get(t) ?? t);
      const filters = joinFilters(items);
      if (ast.where !== null && ast.where !== undefined) filters.push(nspExpr(ast.where));
      s.hasWhere = filters.length > 0;
      const target = s.targets[0];
      const same = new Set([...real].filter(([, t]) => t === target).map(([name]) => name));
      s.tautologicalWhere = s.hasWhere && isTautology(withSelfJoin({ k: 'and', args: filters }, same));
      if (type === 'delete' && (ast.where === null || ast.where === undefined)) {
        const targets = new Set(s.targets);
        const names = new Set([...real].filter(([, t]) => targets.has(t)).map(([name]) => name));
        if (keyJoinOnly(filters, names, s.targets.length)) s.tautologicalWhere = true;
      }
      break;
    }
    case 'truncate':
      s.statement = 'truncate';
      s.object = 'table';
      s.targets = tableNames(ast.name);
      return s;
    case 'drop':
      s.statement = 'drop';
      s.object = keyword || 'table';
      s.targets = tableNames(ast.name);
      if (s.targets.length === 0) for (const x of arr(ast.name)) if (typeof x === 'string') s.targets.push(x);
      return s;
    case 'alter':
      s.statement = 'alter';
      s.object = 'table';
      s.targets = tableNames(ast.table);
      for (const e of arr(ast.expr)) {
        const a = obj(e);
        const res = str(a?.resource);
        // Indexes, keys and constraints hold no rows: only columns and partitions lose data.
        if (str(a?.action) === 'drop' && !KEEPS_DATA.has(res ?? '')) s.dropsColumn = true;
      }
      break;
    case 'create':
      s.statement = 'create';
      s.object = keyword || undefined;
      s.targets = tableNames(ast.table);
      for (const o of arr(ast.table_options)) {
        const opt = obj(o);
        const k = (str(opt?.keyword) ?? '').toLowerCase();
        const val = opt?.value;
        const text = typeof val === 'string' ? val : (str(obj(val)?.value) ?? '');
        if (k === 'connection') s.connectsTo = text;
        if (k === 'engine' && /federated/i.test(text)) s.connectsTo ??= 'FEDERATED';
      }
      break;
    case 'grant':
    case 'revoke': {
      s.statement = type;
      const privs = arr(ast.objects).map((o) => (str(obj(obj(o)?.priv)?.value) ?? '').toUpperCase());
      s.grantsAll = type === 'grant' && privs.some((p) => p === 'ALL' || p === 'ALL PRIVILEGES');
      const levels = arr(obj(ast.on)?.priv_level).map(
        (l) => `${str(obj(l)?.prefix) ?? ''}.${str(obj(l)?.name) ?? ''}`,
      );
      s.targets = levels;
      const withOpt = (str(obj(ast.with)?.value) ?? '').toLowerCase();
      if (type === 'grant' && withOpt.includes('grant option') && levels.includes('*.*'))
        s.createsSuperuser = true;
      break;
    }
    case 'load_data':
      s.statement = 'load';
      s.readsFile = str(obj(ast.file)?.value) ?? '';
      s.targets = tableNames([ast.table]);
      return s;
    case 'attach':
      // SQLite ATTACH opens (and creates) an arbitrary database file.
      s.object = 'attach';
      s.writesFile = str(obj(ast.expr)?.value) ?? '';
      return s;
    case 'call':
    case 'exec':
      s.statement = 'call';
      break;
    case 'set':
      s.object = 'set';
      break;
  }
  walk(ast, s, false);
  return s;
}

function walk(v: unknown, s: StmtInfo, inColumns: boolean): void {
  if (Array.isArray(v)) {
    for (const x of v) walk(x, s, inColumns);
    return;
  }
  const o = obj(v);
  if (!o) return;
  const type = str(o.type);
  if (type === 'function' || type === 'aggr_func') {
    const name = o.name;
    if (typeof name === 'string') addFunction(s, name.split('.'));
    else {
      const parts = arr(obj(name)?.name).map((p) => str(obj(p)?.value) ?? '');
      // The schema is a string in some node-sql-parser versions, `{ type, value }` in others
      // (`UTL_HTTP.REQUEST(...)` in an assignment, R16): both name the package.
      const schema = str(obj(name)?.schema) ?? str(obj(obj(name)?.schema)?.value);
      addFunction(s, schema ? [schema, ...parts] : parts);
    }
  } else if (type === 'column_ref' && inColumns) {
    const c = colName(o.column);
    if (c !== undefined && isSecretColumn(c) && !s.credentialColumns.includes(c)) s.credentialColumns.push(c);
  } else if (type === 'select') {
    if (str(o.set_op)?.toLowerCase().startsWith('union')) s.union = true;
    const into = obj(o.into);
    const kw = (str(into?.keyword) ?? '').toUpperCase();
    if (kw === 'OUTFILE' || kw === 'DUMPFILE') s.writesFile ??= str(obj(into?.expr)?.value) ?? '';
  }
  if (Array.isArray(o.from))
    for (const t of o.from) {
      const ft = obj(t);
      if (ft && typeof ft.table === 'string') addTable(s.readsTables, [str(ft.db), str(ft.schema), ft.table]);
    }
  for (const key in o) {
    if (key === 'from' && s.statement === 'delete') continue;
    walk(o[key], s, inColumns || key === 'columns');
  }
}
