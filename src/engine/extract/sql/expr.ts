/**
 * A dialect-neutral view of WHERE expressions and the evaluator that decides whether a WHERE
 * clause is always true (1=1, 'a'='a', TRUE, x=x, ... OR 1=1, NOT FALSE), which makes an UPDATE or
 * DELETE as unbounded as one without WHERE.
 */

export type Expr =
  | { readonly k: 'const'; readonly v: string | number | boolean | null }
  | { readonly k: 'col'; readonly name: string }
  | { readonly k: 'cmp'; readonly op: string; readonly l: Expr; readonly r: Expr }
  | { readonly k: 'and' | 'or'; readonly args: readonly Expr[] }
  | { readonly k: 'not'; readonly arg: Expr }
  | { readonly k: 'like'; readonly negated: boolean; readonly l: Expr; readonly r: Expr }
  | { readonly k: 'in'; readonly negated: boolean; readonly l: Expr; readonly list: readonly Expr[] }
  | {
      readonly k: 'between';
      readonly negated: boolean;
      readonly v: Expr;
      readonly lo: Expr;
      readonly hi: Expr;
    }
  | { readonly k: 'isnull'; readonly negated: boolean; readonly arg: Expr }
  /**
   * Anything else; `cols` is false when it was seen to reference no column (a constant subquery),
   * `sig` identifies the expression (equal signatures: the same expression), `fn` names a call.
   */
  | {
      readonly k: 'other';
      readonly cols?: boolean;
      readonly sig?: string;
      readonly fn?: string;
      /** Known bounds of its value for every row (`GREATEST(x, 0)` is at least 0). */
      readonly min?: number;
      readonly max?: number;
    };

export const OTHER: Expr = { k: 'other' };

type Truth = true | false | undefined;

const numeric = (v: string | number | boolean | null): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
};

function compare(
  op: string,
  a: string | number | boolean | null,
  b: string | number | boolean | null,
): Truth {
  if (a === null || b === null) return undefined;
  const na = numeric(a);
  const nb = numeric(b);
  let c: number;
  if (na !== undefined && nb !== undefined) c = na === nb ? 0 : na < nb ? -1 : 1;
  else if (typeof a === 'string' && typeof b === 'string') c = a === b ? 0 : a < b ? -1 : 1;
  else return undefined;
  switch (op) {
    case '=':
    case '==':
    case '<=>':
      return c === 0;
    case '<>':
    case '!=':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    default:
      return undefined;
  }
}

const sameColumn = (a: Expr, b: Expr): boolean =>
  (a.k === 'col' && b.k === 'col' && a.name === b.name) ||
  (a.k === 'other' && b.k === 'other' && a.sig !== undefined && a.sig === b.sig && a.cols !== false);

/** Functions whose value is never negative: `length(name) >= 0` holds for every non-NULL row. */
const NON_NEGATIVE = new Set([
  'length',
  'char_length',
  'character_length',
  'octet_length',
  'bit_length',
  'abs',
  'cardinality',
  'array_length',
  'len',
  'datalength',
]);
const nonNegative = (e: Expr): boolean => e.k === 'other' && e.fn !== undefined && NON_NEGATIVE.has(e.fn);

const LENGTHS = new Set(['length', 'char_length', 'character_length', 'octet_length', 'len', 'datalength']);

interface Range {
  readonly min?: number;
  readonly max?: number;
}

/** The bounds an expression keeps for every row: its own (GREATEST/LEAST) or its function's. */
function rangeOf(e: Expr): Range | undefined {
  if (e.k !== 'other') return undefined;
  if (e.min !== undefined || e.max !== undefined) return e;
  // A stored value's length is at least 1 (empty strings are the exception `LIKE '_%'` also ignores).
  if (e.fn !== undefined && LENGTHS.has(e.fn)) return { min: 1 };
  return nonNegative(e) ? { min: 0 } : undefined;
}

/**
 * A column compared with the far end of the 32-bit range holds for every row: the extremes
 * themselves are sentinels no real row holds, so they count as outside.
 */
const INT_RANGE: Range = { min: -2147483647, max: 2147483646 };
/** A timestamp column before 1971 or after 2099 holds no real row's time. */
const DATE_RANGE: Range = { min: 1971, max: 2099 };
const ISO_YEAR = /^\s*(\d{4})-\d\d-\d\d\b/;

/**
 * Calls that turn a date literal into a date (ClickHouse `toDate('1970-01-01')`, `to_date`,
 * `DATE('...')`, `TIMESTAMP('...')`; red team r11): the literal is the value compared.
 */
const DATE_CONSTRUCTOR =
  /^(?:todate(?:32)?|todatetime(?:64)?|to_date|to_timestamp|to_datetime|date|datetime|timestamp|str_to_date|parse_date|parse_datetime|parse_timestamp|date_parse|parsedatetime\w*)$/;

/** `toDate('1970-01-01')` read as the constant '1970-01-01'; undefined for any other call. */
export function dateConstant(fn: string | undefined, args: readonly Expr[]): Expr | undefined {
  const first = args[0];
  if (fn === undefined || !DATE_CONSTRUCTOR.test(fn) || first?.k !== 'const') return undefined;
  return typeof first.v === 'string' && ISO_YEAR.test(first.v) ? first : undefined;
}

/** Truth of `value op n` when every value lies in `range`: undefined where the range cannot tell. */
function inRangeTruth(op: string, range: Range, n: number, trueOnly: boolean): Truth {
  const { min, max } = range;
  const above = (x: number | undefined, strict: boolean): boolean =>
    x !== undefined && (strict ? x > n : x >= n);
  const below = (x: number | undefined, strict: boolean): boolean =>
    x !== undefined && (strict ? x < n : x <= n);
  let t: Truth;
  switch (op) {
    case '>=':
      t = above(min, false) ? true : below(max, true) ? false : undefined;
      break;
    case '>':
      t = above(min, true) ? true : below(max, false) ? false : undefined;
      break;
    case '<=':
      t = below(max, false) ? true : above(min, true) ? false : undefined;
      break;
    case '<':
      t = below(max, true) ? true : above(min, false) ? false : undefined;
      break;
    case '<>':
      t = above(min, true) || below(max, true) ? true : undefined;
      break;
    case '=':
      t = above(min, true) || below(max, true) ? false : undefined;
      break;
    default:
      return undefined;
  }
  return trueOnly && t === false ? undefined : t;
}

/**
 * Comparisons that hold for every row although they name a column (red team r4): a bounded
 * expression against a constant outside its bounds (`GREATEST(id, 0) >= 0`, `length(x) > -1`), a
 * column against the far end of the 32-bit range (`amount > -2147483648`) or against a date no
 * row's timestamp reaches (`created_at > '1900-01-01'`). A column's bounds only ever prove true.
 */
function rangeTruth(e: { readonly op: string; readonly l: Expr; readonly r: Expr }): Truth {
  let op = e.op === '!=' ? '<>' : e.op;
  let side: Expr;
  let c: Expr;
  if (e.r.k === 'const') [side, c] = [e.l, e.r];
  else {
    const flipped = FLIP[op];
    if (e.l.k !== 'const' || flipped === undefined) return undefined;
    [side, c, op] = [e.r, e.l, flipped];
  }
  if (c.k !== 'const') return undefined;
  const n = numeric(c.v);
  const range = rangeOf(side);
  if (range !== undefined) return n === undefined ? undefined : inRangeTruth(op, range, n, false);
  if (side.k !== 'col') return undefined;
  if (n !== undefined) return inRangeTruth(op, INT_RANGE, n, true);
  const year = typeof c.v === 'string' ? ISO_YEAR.exec(c.v) : null;
  if (year === null) return undefined;
  // The date side: only strict bounds beyond the range count (`> '1970-12-31'` is every row).
  const y = Number(year[1]);
  return (op === '>' || op === '>=') && y < DATE_RANGE.min!
    ? true
    : (op === '<' || op === '<=') && y > DATE_RANGE.max!
      ? true
      : undefined;
}

/** One bound on a column: `x >= 5` (lower, inclusive), `x < 5` (upper, strict), `x = 5`, `x <> 5`. */
interface Bound {
  readonly col: string;
  readonly op: string;
  readonly n: number;
}

const FLIP: Readonly<Record<string, string>> = {
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
  '=': '=',
  '<>': '<>',
  '!=': '<>',
};

function boundOf(e: Expr): Bound | undefined {
  if (e.k !== 'cmp') return undefined;
  const op = e.op === '!=' ? '<>' : e.op;
  if (e.l.k === 'col' && e.r.k === 'const') {
    const n = numeric(e.r.v);
    return n === undefined ? undefined : { col: e.l.name, op, n };
  }
  if (e.r.k === 'col' && e.l.k === 'const' && FLIP[op] !== undefined) {
    const n = numeric(e.l.v);
    return n === undefined ? undefined : { col: e.r.name, op: FLIP[op], n };
  }
  return undefined;
}

/**
 * OR branches that together take every non-NULL value of one column: `x >= 0 OR x < 0`,
 * `x > 5 OR x <= 10`, `x = 1 OR x <> 1`, `x IS NULL OR x IS NOT NULL`.
 */
function coversEveryValue(args: readonly Expr[]): boolean {
  const nulls = new Map<string, number>();
  const bounds = args.map(boundOf).filter((b): b is Bound => b !== undefined);
  if (coversAroundExpression(args)) return true;
  for (const a of args)
    if (a.k === 'isnull' && a.arg.k === 'col')
      nulls.set(a.arg.name, (nulls.get(a.arg.name) ?? 0) | (a.negated ? 2 : 1));
  for (const v of nulls.values()) if (v === 3) return true;
  // One pass per column (linear in the branches, issue 22 worst case): the loosest lower bound
  // and the loosest upper bound cover every value when they meet or overlap.
  const perCol = new Map<string, { lo?: Bound; hi?: Bound; eq: Set<number>; ne: Set<number> }>();
  for (const b of bounds) {
    let c = perCol.get(b.col);
    if (c === undefined) perCol.set(b.col, (c = { eq: new Set(), ne: new Set() }));
    if (b.op === '=') {
      if (c.ne.has(b.n)) return true;
      c.eq.add(b.n);
    } else if (b.op === '<>') {
      if (c.eq.has(b.n)) return true;
      c.ne.add(b.n);
    } else if (b.op === '>' || b.op === '>=') {
      if (c.lo === undefined || b.n < c.lo.n || (b.n === c.lo.n && b.op === '>=')) c.lo = b;
    } else if (b.op === '<' || b.op === '<=') {
      if (c.hi === undefined || b.n > c.hi.n || (b.n === c.hi.n && b.op === '<=')) c.hi = b;
    }
    const { lo, hi } = c;
    if (lo && hi && (hi.n > lo.n || (hi.n === lo.n && (lo.op === '>=' || hi.op === '<=')))) return true;
  }
  return false;
}

/**
 * `x <= now() OR x > now()` (red team r3): two comparisons of one column with the same
 * non-constant expression that together leave out no value (one of them inclusive).
 */
function coversAroundExpression(args: readonly Expr[]): boolean {
  const seen: { col: string; sig: string; op: string }[] = [];
  for (const a of args) {
    if (a.k !== 'cmp') continue;
    let col: string | undefined;
    let sig: string | undefined;
    let op = a.op === '!=' ? '<>' : a.op;
    if (a.l.k === 'col' && a.r.k === 'other' && a.r.sig !== undefined) [col, sig] = [a.l.name, a.r.sig];
    else if (a.r.k === 'col' && a.l.k === 'other' && a.l.sig !== undefined) {
      const flipped = FLIP[op];
      if (flipped !== undefined) [col, sig, op] = [a.r.name, a.l.sig, flipped];
    }
    if (col === undefined || sig === undefined) continue;
    for (const b of seen) {
      if (b.col !== col || b.sig !== sig) continue;
      const pair = new Set([b.op, op]);
      if (
        (pair.has('=') && pair.has('<>')) ||
        (pair.has('<=') && (pair.has('>') || pair.has('>='))) ||
        (pair.has('>=') && pair.has('<'))
      )
        return true;
    }
    if (seen.length < 16) seen.push({ col, sig, op });
  }
  return false;
}

/**
 * Identity columns (`id`, `user_id`, `userId`, SQLite `rowid`): keys that sequences and
 * auto-increment fill with positive integers, so `id > 0`, `id <> -1` or `id BETWEEN 0 AND 999999999`
 * takes every row (red team r1). Other numeric columns can hold anything, so they are not assumed.
 */
const IDENTITY_COLUMN = /^(?:id|rowid|oid|pk)$|_id$|[a-z0-9]Id$/;
/** An upper bound on an identity column at or above this is read as "every row" (a million rows). */
const HUGE_ID = 1_000_000;

const isIdentity = (e: Expr): boolean =>
  e.k === 'col' &&
  IDENTITY_COLUMN.test(
    e.name
      .replace(/["`[\]]/g, '')
      .split('.')
      .pop()!,
  );

/** Truth of one bound on an identity column, taken over every positive integer key. */
function identityTruth(b: Bound): Truth {
  switch (b.op) {
    case '>':
      return b.n < 1 ? true : b.n >= HUGE_ID - 1 ? false : undefined;
    case '>=':
      return b.n <= 1 ? true : b.n > HUGE_ID ? false : undefined;
    case '<':
      return b.n > HUGE_ID ? true : b.n <= 1 ? false : undefined;
    case '<=':
      return b.n >= HUGE_ID ? true : b.n < 1 ? false : undefined;
    case '<>':
      return b.n < 1 || !Number.isInteger(b.n) ? true : undefined;
    case '=':
      return b.n < 1 || !Number.isInteger(b.n) ? false : undefined;
    default:
      return undefined;
  }
}

/** Columns that hold e-mail addresses (`email`, `contact_email`, `emailAddress`, `mail`). */
const EMAIL_COLUMN = /(?:^|[._])e?mail(?:_?addr(?:ess)?)?$|[a-z]Email(?:Address)?$/i;

/**
 * A LIKE pattern every value of the column matches (red team r4): `'_%'` (any non-empty text) and,
 * on an e-mail column, the shape of every address (`'%@%'`, `'%@%.%'`, `'_%@_%'`).
 */
function matchesEveryValue(column: string, pattern: string): boolean {
  if (/^%*_%*$/.test(pattern) && pattern.includes('%')) return true;
  return (
    EMAIL_COLUMN.test(column.replace(/["`[\]]/g, '')) &&
    /^[%_]*@[%_]*(?:\.[%_]*)?$/.test(pattern) &&
    pattern.includes('%')
  );
}

/** Longest key built for an expression; larger ones get none (a cost bound on every WHERE). */
const MAX_KEY = 512;

/**
 * A string that equal expressions share (columns by name, unreadable ones by their parser
 * signature when they name a column), or undefined when the expression is too large or opaque.
 */
function exprKey(e: Expr): string | undefined {
  let budget = MAX_KEY;
  const key = (x: Expr): string | undefined => {
    if (--budget < 0) return undefined;
    let out: string | undefined;
    switch (x.k) {
      case 'const':
        out = `c:${typeof x.v}:${String(x.v)}`;
        break;
      case 'col':
        out = `k:${x.name}`;
        break;
      case 'other':
        out = x.sig !== undefined && x.cols !== false ? `o:${x.sig}` : undefined;
        break;
      case 'cmp': {
        const [l, r] = [key(x.l), key(x.r)];
        out = l === undefined || r === undefined ? undefined : `${x.op === '!=' ? '<>' : x.op}(${l},${r})`;
        break;
      }
      case 'and':
      case 'or': {
        const parts: string[] = [];
        for (const a of x.args) {
          const k = key(a);
          if (k === undefined) return undefined;
          parts.push(k);
        }
        out = `${x.k}(${parts.join(',')})`;
        break;
      }
      case 'not': {
        const k = key(x.arg);
        out = k === undefined ? undefined : `!(${k})`;
        break;
      }
      case 'isnull': {
        const k = key(x.arg);
        out = k === undefined ? undefined : `null${x.negated ? '!' : ''}(${k})`;
        break;
      }
      case 'like': {
        const [l, r] = [key(x.l), key(x.r)];
        out = l === undefined || r === undefined ? undefined : `like${x.negated ? '!' : ''}(${l},${r})`;
        break;
      }
      default:
        out = undefined;
    }
    return out !== undefined && out.length <= MAX_KEY ? out : undefined;
  };
  return key(e);
}

/** The opposite comparison: `a = b` against `a <> b`, `a < b` against `a >= b`. */
const NEGATED_OP: Readonly<Record<string, string>> = {
  '=': '<>',
  '<>': '=',
  '!=': '=',
  '<': '>=',
  '>=': '<',
  '>': '<=',
  '<=': '>',
};

/** The key of the expression's negation, when it has a plain one (NOT P is P's; P's is NOT P's). */
function complementKey(e: Expr): string | undefined {
  switch (e.k) {
    case 'not':
      return exprKey(e.arg);
    case 'isnull':
    case 'like':
      return exprKey({ ...e, negated: !e.negated });
    case 'cmp': {
      const op = NEGATED_OP[e.op];
      return op === undefined ? undefined : exprKey({ ...e, op });
    }
    default: {
      const k = exprKey(e);
      return k === undefined ? undefined : `!(${k})`;
    }
  }
}

/**
 * Branches that include a condition and its negation (red team r7): `P OR NOT P`, `x IS NULL OR
 * x IS NOT NULL`, `f(x) = 0 OR f(x) <> 0` hold for every row, whatever P is (in an AND they hold for
 * none, so `NOT (a AND NOT a)` is every row). Linear: one key per branch.
 */
function hasComplement(args: readonly Expr[]): boolean {
  if (args.length < 2 || args.length > 64) return false;
  const keys = new Set<string>();
  for (const a of args) {
    const k = exprKey(a);
    if (k !== undefined) keys.add(k);
  }
  for (const a of args) {
    const c = complementKey(a);
    if (c !== undefined && keys.has(c)) return true;
  }
  return false;
}

/**
 * A literal that says itself that no row holds it (`'no-such-status-ever'`, `'never-a-status'`,
 * `'__nonexistent__'`): `status <> 'never-a-status'` is every row with a status (R14).
 */
const NO_ROW_VALUE =
  /(?:^|[^a-z])(?:never|no[-_ ]?such|non[-_ ]?existent|nonexist\w*|does[-_ ]?not[-_ ]?exist|doesnt[-_ ]?exist|not[-_ ]a[-_ ]|impossible|bogus|matches[-_ ]?nothing|no[-_ ]?match|nothing|dummy|placeholder|sentinel)(?:$|[^a-z])/i;
/**
 * A literal dressed as a marker rather than data (R15: `status NOT IN ('__none__')`): wrapped in
 * double underscores, angle or square brackets (`<none>`, `[x]`), or one character repeated (`zzz`, `---`).
 */
const MARKER_VALUE = /^(?:__\w+__|<[\w -]+>|\[[\w -]+\]|(.)\1{2,})$/;

/**
 * `col <> ''` and `col <> 'no-such-value'`: every row with a value (R14: `DELETE FROM products WHERE
 * sku <> ''`). Like `IS NOT NULL`, a column set only when something happens (`deleted_at`) still picks rows.
 */
function unequalToNothing(l: Expr, r: Expr): boolean {
  const [col, lit] = l.k === 'col' ? [l, r] : [r, l];
  if (col.k !== 'col' || lit.k !== 'const' || typeof lit.v !== 'string') return false;
  return (lit.v === '' && !optionalColumn(col)) || NO_ROW_VALUE.test(lit.v) || MARKER_VALUE.test(lit.v);
}

/** TRUE and FALSE (not 0 and 1: `state IN (0, 1)` is two states of many). */
const boolOf = (e: Expr): boolean | undefined =>
  e.k === 'const' && typeof e.v === 'boolean' ? e.v : undefined;

/**
 * `x BETWEEN lo AND hi` read as `x >= lo AND x <= hi`, so the bounds of a column's type or of a
 * timestamp (R15: `created_at BETWEEN '1900-01-01' AND '2999-12-31'`) prove it holds for every row.
 */
function betweenAsRange(e: { readonly v: Expr; readonly lo: Expr; readonly hi: Expr }): Truth {
  if (e.lo.k !== 'const' || e.hi.k !== 'const' || e.v.k === 'const') return undefined;
  const lo = truth({ k: 'cmp', op: '>=', l: e.v, r: e.lo });
  const hi = truth({ k: 'cmp', op: '<=', l: e.v, r: e.hi });
  return lo === true && hi === true ? true : undefined;
}

/** Three-valued truth of an expression when its value does not depend on any row; undefined otherwise. */
export function truth(e: Expr): Truth {
  switch (e.k) {
    case 'col':
      // `WHERE rowid` / `WHERE id`: a key is a positive integer, true for every row.
      return isIdentity(e) ? true : undefined;
    case 'const': {
      if (e.v === null) return false;
      const n = numeric(e.v);
      return n === undefined ? undefined : n !== 0;
    }
    case 'cmp': {
      // x = x holds for every row where x is not NULL: as unbounded as no WHERE at all.
      if (sameColumn(e.l, e.r))
        return e.op === '=' || e.op === '<=' || e.op === '>=' || e.op === '<=>' || e.op === '=='
          ? true
          : e.op === '<>' || e.op === '!='
            ? false
            : undefined;
      if (e.l.k === 'const' && e.r.k === 'const') return compare(e.op, e.l.v, e.r.v);
      const unequal = (e.op === '<>' || e.op === '!=') && unequalToNothing(e.l, e.r);
      if (unequal) return true;
      const ranged = rangeTruth(e);
      if (ranged !== undefined) return ranged;
      const b = boundOf(e);
      if (b !== undefined && isIdentity(e.l.k === 'col' ? e.l : e.r)) return identityTruth(b);
      return undefined;
    }
    case 'and': {
      if (hasComplement(e.args)) return false;
      let all: Truth = true;
      for (const a of e.args) {
        const t = truth(a);
        if (t === false) return false;
        if (t !== true) all = undefined;
      }
      return all;
    }
    case 'or': {
      if (coversEveryValue(e.args) || hasComplement(e.args)) return true;
      let none: Truth = false;
      for (const a of e.args) {
        const t = truth(a);
        if (t === true) return true;
        if (t !== false) none = undefined;
      }
      return none;
    }
    case 'not': {
      const t = truth(e.arg);
      return t === undefined ? undefined : !t;
    }
    case 'like': {
      // Anything LIKE '%' matches every non-null value.
      const pattern = e.r.k === 'const' && typeof e.r.v === 'string' ? e.r.v : undefined;
      if (pattern !== undefined && /^%+$/.test(pattern)) return !e.negated;
      if (pattern !== undefined && e.l.k === 'col' && matchesEveryValue(e.l.name, pattern)) return !e.negated;
      if (e.l.k === 'const' && typeof e.l.v === 'string' && pattern !== undefined && !/[%_]/.test(pattern))
        return (e.l.v === pattern) !== e.negated;
      return undefined;
    }
    case 'in': {
      if (e.l.k !== 'const') {
        if (e.list.some((x) => sameColumn(x, e.l))) return !e.negated;
        // x NOT IN ('__none__'): unequal to values no row holds (as `<>` one of them), every row.
        if (e.negated && e.list.length > 0 && e.list.every((x) => unequalToNothing(e.l, x))) return true;
        // flag IN (true, false): every non-NULL value of a boolean (R12: `coalesce(frozen, false)
        // IN (true, false)`); a column set only when something happens still picks rows.
        if (!e.negated && !optionalColumn(e.l)) {
          const seen = new Set(e.list.map(boolOf));
          if (seen.has(true) && seen.has(false) && e.list.every((x) => boolOf(x) !== undefined)) return true;
        }
        // id NOT IN (0, -1): no key is ever among the values.
        if (
          isIdentity(e.l) &&
          e.list.length > 0 &&
          e.list.every(
            (x) =>
              identityTruth({ col: '', op: '=', n: x.k === 'const' ? (numeric(x.v) ?? 1) : 1 }) === false,
          )
        )
          return e.negated;
        return undefined;
      }
      const l = e.l.v;
      let hit: Truth = false;
      for (const x of e.list) {
        if (x.k !== 'const') return undefined;
        if (compare('=', l, x.v) === true) hit = true;
      }
      return hit === undefined ? undefined : hit !== e.negated;
    }
    case 'between': {
      if (isIdentity(e.v) && e.lo.k === 'const' && e.hi.k === 'const') {
        const lo = numeric(e.lo.v);
        const hi = numeric(e.hi.v);
        if (lo === undefined || hi === undefined) return undefined;
        // BETWEEN 0 AND 999999999 takes every key; NOT BETWEEN -5 AND 0 too.
        if (lo <= 1 && hi >= HUGE_ID) return !e.negated;
        if (hi < 1 || lo > hi) return e.negated;
        return undefined;
      }
      if (!e.negated && betweenAsRange(e) === true) return true;
      if (e.v.k !== 'const' || e.lo.k !== 'const' || e.hi.k !== 'const') return undefined;
      const a = compare('>=', e.v.v, e.lo.v);
      const b = compare('<=', e.v.v, e.hi.v);
      if (a === undefined || b === undefined) return undefined;
      return a && b ? !e.negated : e.negated;
    }
    case 'isnull':
      if (e.arg.k !== 'const') return undefined;
      return (e.arg.v === null) !== e.negated;
    default:
      return undefined;
  }
}

/**
 * Whether a filter can tell rows apart. Issue 22: `WHERE id IS NOT NULL`, `WHERE EXISTS (SELECT 1)`,
 * `WHERE lower('A') = 'a'` keep every row although no constant folding proves them true. A filter
 * that references no column, or whose only test is IS NOT NULL, is either every row or none.
 * OR selects only when every branch does; AND when any branch does.
 */
export function selects(e: Expr): boolean {
  switch (e.k) {
    case 'const':
      return false;
    case 'col':
      return true;
    case 'cmp':
      return !sameColumn(e.l, e.r) && (selects(e.l) || selects(e.r));
    case 'and':
      return e.args.some(selects);
    case 'or':
      return e.args.length > 0 && e.args.every(selects);
    case 'not':
      // NOT (x IS NULL) is x IS NOT NULL: every row (red team r3); NOT (x IS NOT NULL) selects.
      return e.arg.k === 'isnull'
        ? e.arg.negated
          ? selects(e.arg.arg)
          : optionalColumn(e.arg.arg)
        : selects(e.arg);
    case 'like':
      return selects(e.l) && !(e.r.k === 'const' && typeof e.r.v === 'string' && /^%+$/.test(e.r.v));
    case 'in':
      return selects(e.l) || e.list.some(selects);
    case 'between':
      return selects(e.v) || selects(e.lo) || selects(e.hi);
    case 'isnull':
      return e.negated ? optionalColumn(e.arg) : selects(e.arg);
    case 'other':
      return e.cols !== false;
  }
}

/**
 * A time or actor column set only when something happens to the row (`deleted_at`, `archived_on`,
 * `approved_by`): `IS NOT NULL` on it picks the rows where it happened (a soft-delete purge), unlike
 * a key or a creation time, which every row has.
 */
const OPTIONAL_COLUMN = /(?:_at|_on|_date|_time|_ts|_by)$/;
const ALWAYS_SET = /^(?:created|inserted|updated|modified)_?/;
/** The same lowercased by a parser without its underscore (`ProcessedAt` read as `processedat`). */
const GLUED_OPTIONAL = /^[a-z]{3,}ed(?:at|on|date|time|ts|by)$/;
function optionalColumn(e: Expr): boolean {
  if (e.k !== 'col') return false;
  // camelCase and PascalCase (`ProcessedAt`, R14 twin) read as snake_case.
  const name = e.name
    .replace(/["`[\]]/g, '')
    .split('.')
    .pop()!
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
  return (OPTIONAL_COLUMN.test(name) || GLUED_OPTIONAL.test(name)) && !ALWAYS_SET.test(name);
}

export const isTautology = (e: Expr): boolean => truth(e) === true || !selects(e);

/** Calls whose value is the current time. */
export const NOW_FUNCTIONS =
  /^(?:now|getdate|getutcdate|sysdate|sysdatetime|current_timestamp|current_date|localtimestamp|utc_timestamp|statement_timestamp|clock_timestamp|transaction_timestamp)$/;

/** Columns that record when a row was made: always at or before now (snake_case, `CreatedAt` → created_at). */
export const CREATION_COLUMN =
  /^(?:created|inserted|logged|recorded|occurred|registered|signed_up|signup|joined|issued|placed|ordered|submitted|booked|posted)(?:_at|_on|_time|_ts|_date)?$|^(?:creation|insert|registration|signup)_(?:time|date|ts)$/;

/** Comparisons that hold when both sides are the same row's value. */
const REFLEXIVE = new Set(['=', '==', '<=', '>=', '<=>']);

const qualifierOf = (name: string): string => name.slice(0, Math.max(0, name.lastIndexOf('.')));
const columnOf = (name: string): string => name.slice(name.lastIndexOf('.') + 1).replace(/["`[\]]/g, '');

/**
 * A self-join read as the filter it is (red team r2): in `DELETE FROM users u USING users v WHERE
 * u.id = v.id` every row of u finds itself in v, so `u.id = v.id` is true for every row, as if the
 * WHERE said nothing. `same` holds the names (aliases, table names) that denote the target table;
 * a reflexive comparison of one column between two of them becomes TRUE. Other comparisons
 * between them (`a.id < b.id` of a de-duplication) stay real conditions.
 */
export function withSelfJoin(e: Expr, same: ReadonlySet<string>): Expr {
  if (same.size < 2) return e;
  const self = (x: Expr): x is { k: 'col'; name: string } => x.k === 'col' && same.has(qualifierOf(x.name));
  const walk = (x: Expr): Expr => {
    switch (x.k) {
      case 'and':
      case 'or':
        return { k: x.k, args: x.args.map(walk) };
      case 'not':
        return { k: 'not', arg: walk(x.arg) };
      case 'cmp':
        if (
          REFLEXIVE.has(x.op) &&
          self(x.l) &&
          self(x.r) &&
          qualifierOf(x.l.name) !== qualifierOf(x.r.name) &&
          columnOf(x.l.name) === columnOf(x.r.name)
        )
          return { k: 'const', v: true };
        return x;
      default:
        return x;
    }
  };
  return walk(e);
}

/**
 * `x + 0`, `x - 0`, `0 + x`, `x * 1`, `1 * x`, `x / 1`: the value of x itself, so `id = id + 0`
 * reads like `id = id` (red team r2). Anything else: undefined.
 */
export function arithmeticIdentity(op: string, l: Expr, r: Expr): Expr | undefined {
  const n = (x: Expr): number | undefined =>
    x.k === 'const' && (typeof x.v === 'number' || typeof x.v === 'string') ? Number(x.v) : undefined;
  if ((op === '+' || op === '-') && n(r) === 0) return l;
  if (op === '+' && n(l) === 0) return r;
  if ((op === '*' || op === '/') && n(r) === 1) return l;
  if (op === '*' && n(l) === 1) return r;
  // `id * 0` and `id % 1` are 0 for every row (red team r3: `WHERE id * 0 = 0`).
  if ((op === '*' && (n(r) === 0 || n(l) === 0)) || (op === '%' && n(r) === 1)) return { k: 'const', v: 0 };
  return undefined;
}

/**
 * `x op ANY(ARRAY[a, b])` is `x op a OR x op b`; `x op ALL(ARRAY[a, b])` is `x op a AND x op b`
 * (red team r2: `WHERE 1 = ANY(ARRAY[1])`).
 */
export function quantified(op: string, all: boolean, l: Expr, items: readonly Expr[]): Expr {
  return { k: all ? 'and' : 'or', args: items.map((r) => ({ k: 'cmp', op, l, r })) };
}
