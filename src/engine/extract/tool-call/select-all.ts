/**
 * A filter that selects every item of the store it is given to (red team r11 narrow-all): a key
 * that reads as narrowing (`where`, `filter`, `query`, `prefix`) whose value matches everything is
 * no narrowing at all. Judged by what the value selects in any of the usual filter languages: a
 * wildcard (`*`, `*:*`, `%`, an empty prefix or `/`), an SQL-like predicate that always holds
 * (`id > 0`, `created_at < now()`, `email IS NOT NULL`, `trashed = false`), a Mongo, Pinecone or
 * Elasticsearch document whose conditions every item meets (`{$exists: true}`, `{$ne: "none"}` on
 * an id, `{bool: {must: []}}`, `{email: {contains: "@"}}`) or Firestore triples (`["uid", "!=", ""]`).
 */

/** Whole values that select everything: wildcards, an empty prefix or filter, `true`, `1=1`. */
const EVERYTHING =
  /^\s*(?:|\*|\*+|%+|\/|\*:\*|\*\.\*|\.\*|\^|\^\.\*|\.\+|all|everything|any|true|1|1\s*=\s*1|\{\s*\}|\[\s*\])\s*$/i;

/** Identity attributes: an exclusion of one value (`id != 'x'`) keeps every other item. */
const IDENTITY = /^(?:[\w.]*[._])?(?:id|uid|uuid|pk|key|rowid|oid|email|name|slug|sku|doc_id|_id)$/i;
/** Numeric keys every stored item has above zero. */
const SERIAL = /^(?:[\w.]*[._])?(?:id|pk|rowid|seq|serial|num|number)$/i;
/** Moments in the past for every item (a creation time is before now; an expiry is not). */
const CREATED =
  /^(?:[\w.]*[._])?(?:created|inserted|added|registered|joined|signed_up|signup|uploaded|first_seen)(?:_at|_on|_date|_time|_ts)?$|^(?:created|inserted)(?:At|On|Date|Time)$/i;
/** Flags only leftovers have: `trashed = false` is every live item. */
const DEAD_FLAG = /^(?:[\w.]*[._])?(?:is_)?(?:trashed|deleted|archived|removed|spam|hidden)$/i;
/** Values an exclusion may name that no item holds (`!= ''`, `$ne: "none"`). */
const SENTINEL = /^(?:|none|null|nil|undefined|n\/a|-)$/i;
const NOW = /^(?:now\(\)|current_timestamp(?:\(\))?|current_date|getdate\(\)|sysdate|'now'|"now"|now)$/i;

/** Moments no stored item is later than: now, now plus an offset, a date in a far year (2100 on). */
const NOW_OR_LATER =
  /^(?:now(?:\(\))?(?:\s*\+\s*\w+)?|'now'|"now"|current_timestamp(?:\(\))?|(?:2[1-9]|[3-9]\d)\d\d-\d\d-\d\d.*)$/i;
/** Times every stored item has in the past: when it was written, logged or last changed. */
const PAST_TIME =
  /^@?timestamp$|(?:^|[._])(?:timestamp|ts|event_time|logged_at|occurred_at|updated_at|modified_at|last_modified|sent_at|received_at)$/i;
/** Keys of an upper time bound (`before`, `received_before`, `lte`) and of an age (`older_than_days`). */
const UPPER_BOUND = /(?:^|_)(?:before|until|lt|lte|end|to)$/;
const AGE_BOUND = /^(?:older_than|age|min_age)(?:_(?:days|hours|minutes|seconds|ms|d|h))?$/;

/**
 * A time bound that every stored item meets (R12 every-item): `before: "2100-01-01"`, `lte: "now"`,
 * `older_than_days: 0`. A bound in the past (`before: "2024-01-01"`) narrows to older items.
 */
export function spansAllTime(key: string, v: unknown): boolean {
  if (AGE_BOUND.test(key)) return v === 0 || (typeof v === 'string' && /^\s*0+\s*[a-z]*\s*$/i.test(v));
  return UPPER_BOUND.test(key) && typeof v === 'string' && NOW_OR_LATER.test(v.trim());
}

const unquote = (s: string): string => s.trim().replace(/^(['"`])(.*)\1$/s, '$2');

/** One comparison `<attr> <op> <value>` (SQL-like, Drive and Firestore spellings) that every item meets. */
function alwaysTrueComparison(attr: string, op: string, raw: string): boolean {
  const o = op.toLowerCase().replace(/\s+/g, ' ');
  const value = raw.trim();
  const v = unquote(value);
  if ((o === '=' || o === '==') && attr.toLowerCase() === value.toLowerCase()) return true;
  if (
    (o === '!=' || o === '<>' || o === 'is not' || o === 'not-in') &&
    (SENTINEL.test(v) || IDENTITY.test(attr))
  )
    return o !== 'not-in' || /^\[\s*\]$/.test(value);
  if (SERIAL.test(attr) && ((o === '>' && Number(v) <= 0) || (o === '>=' && Number(v) <= 1))) return true;
  if (CREATED.test(attr) && (o === '<' || o === '<=') && (NOW.test(value) || NOW_OR_LATER.test(value)))
    return true;
  if (PAST_TIME.test(attr) && (o === '<' || o === '<=') && NOW_OR_LATER.test(value)) return true;
  if (DEAD_FLAG.test(attr) && (o === '=' || o === '==' || o === ':') && /^(?:false|0)$/i.test(v)) return true;
  if (DEAD_FLAG.test(attr) && (o === '!=' || o === '<>') && /^(?:true|1)$/i.test(v)) return true;
  if (o === 'like' || o === 'ilike') return /^%+$/.test(v);
  if (o === 'contains' || o === 'array-contains') return v === '' || (v === '@' && /email/i.test(attr));
  return false;
}

const COMPARISON =
  /^([\w.`"[\]$]+)\s*(==|!=|<>|>=|<=|=|<|>|:|\bis\s+not\b|\bnot\s+like\b|\blike\b|\bilike\b|\bcontains\b)\s*(.+)$/i;

const LITERAL = String.raw`-?\d+(?:\.\d+)?|'[^']*'|"[^"]*"`;
const LITERALS = new RegExp(`^(${LITERAL})\\s*(==|!=|<>|>=|<=|=|<|>)\\s*(${LITERAL})$`);

/** Whether `a op b` holds for two literals (numbers compare as numbers, quoted text as text). */
function literalsHold(a: string, op: string, b: string): boolean {
  const num = /^-?\d/.test(a) && /^-?\d/.test(b);
  const x: number | string = num ? Number(a) : unquote(a);
  const y: number | string = num ? Number(b) : unquote(b);
  if (op === '=' || op === '==') return x === y;
  if (op === '!=' || op === '<>') return x !== y;
  if (op === '<') return x < y;
  if (op === '<=') return x <= y;
  if (op === '>') return x > y;
  return x >= y;
}

/** One atom of a predicate string. */
function alwaysTrueAtom(atom: string): boolean {
  const a = atom
    .trim()
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
  if (EVERYTHING.test(a) || /^not\s+(?:false|0)$/i.test(a)) return true;
  // `email IS NOT NULL`, Lucene `sku:*` (every item that has the field).
  // DynamoDB `attribute_exists(pk)`: every item has its key.
  if (/^[\w.`"[\]]+\s+is\s+not\s+null$/i.test(a) || /^[\w.]+:\s*\*$/.test(a)) return true;
  if (/^attribute_exists\s*\(\s*[\w#.]+\s*\)$/i.test(a)) return true;
  // Two literals compared (`2 > 1`, `'a' = 'a'`): the same for every item.
  const lit = LITERALS.exec(a);
  if (lit !== null) return literalsHold(lit[1]!, lit[2]!, lit[3]!);
  const m = COMPARISON.exec(a);
  if (m === null) return false;
  const attr = m[1]!.replace(/[`"[\]]/g, '');
  return alwaysTrueComparison(attr, m[2]!, m[3]!);
}

/** A predicate string: any OR branch, or every AND part, always true. Parentheses inside are not parsed. */
function alwaysTruePredicate(text: string): boolean {
  const t = text.trim();
  if (t.length > 400) return false;
  const ors = t.split(/\s+or\s+|\s*\|\|\s*/i);
  if (ors.length > 1) return ors.some((x) => alwaysTruePredicate(x));
  return t.split(/\s+and\s+|\s*&&\s*/i).every((x) => alwaysTrueAtom(x));
}

/** Operators of a Mongo-style condition that every item meets (`{$exists: true}`, `{$gt: 0}` on an id). */
function alwaysTrueOperators(attr: string, cond: Record<string, unknown>): boolean {
  const entries = Object.entries(cond);
  if (entries.length === 0) return false;
  return entries.every(([op, v]) => {
    // Mongo's `$gt`, Hasura's `_gt`, pg_graphql's `gt`.
    const o = op.replace(/^[$_]/, '').toLowerCase();
    const s = typeof v === 'string' || typeof v === 'number' ? String(v) : v === null ? '' : undefined;
    if (o === 'exists') return v === true || v === 1;
    if (o === 'is_null') return v === false;
    if (o === 'nin' || o === 'not_in') return Array.isArray(v) && v.length === 0;
    if (o === 'regex') return typeof v === 'string' && /^(?:\^?\.\*\$?|\^|\.?|\.\+)$/.test(v);
    if (s === undefined) return false;
    const sym: Record<string, string> = {
      ne: '!=',
      neq: '!=',
      not: '!=',
      gt: '>',
      gte: '>=',
      lt: '<',
      lte: '<=',
    };
    if (sym[o] !== undefined) return alwaysTrueComparison(attr, sym[o], s === '' ? "''" : s);
    if (o === 'contains' || o === 'like' || o === 'ilike') return alwaysTrueComparison(attr, o, s);
    return false;
  });
}

/** Elasticsearch clauses of a `bool` query: every required clause selects everything and none excludes. */
function everythingBool(b: Record<string, unknown>, depth: number): boolean {
  const clauses = (k: string): unknown[] => {
    const v = b[k];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  if (clauses('must_not').length > 0) return false;
  const should = clauses('should');
  return (
    [...clauses('must'), ...clauses('filter')].every((c) => selectsEverything(c, '', depth + 1)) &&
    (should.length === 0 || should.some((c) => selectsEverything(c, '', depth + 1)))
  );
}

/** A document filter (Mongo, Pinecone, Elasticsearch query DSL, a generic `{field: condition}` map). */
function everythingDocument(doc: Record<string, unknown>, depth: number): boolean {
  const entries = Object.entries(doc);
  if (entries.length === 0) return true;
  return entries.every(([k, v]) => {
    const key = k.toLowerCase();
    if (key === 'match_all') return true;
    if (key === '$comment' || key === 'size' || key === 'conflicts') return true;
    if (key === 'bool' && v !== null && typeof v === 'object' && !Array.isArray(v))
      return everythingBool(v as Record<string, unknown>, depth);
    // Qdrant's filter is a bool query without the `bool` wrapper (`{must: []}`).
    if (/^(?:must|should|must_not)$/.test(key)) return everythingBool(doc, depth);
    if (key === '$and' || key === 'and' || key === '_and')
      return Array.isArray(v) && v.every((x) => selectsEverything(x, '', depth + 1));
    if (key === '$or' || key === 'or' || key === '_or')
      return Array.isArray(v) && v.some((x) => selectsEverything(x, '', depth + 1));
    if (key === 'exists') return true;
    if (key === '$where')
      return v === true || (typeof v === 'string' && /^\s*(?:return\s+)?(?:true|1)\s*;?\s*$/.test(v));
    if (key === '$expr') return v === true || v === 1;
    // A nested query (`{query: {match_all: {}}}`, `query_string: {query: "*"}`).
    if (/^(?:query|filter|where|selector|query_string|simple_query_string|constant_score)$/.test(key))
      return selectsEverything(v, key, depth + 1);
    if (key === 'range' && v !== null && typeof v === 'object' && !Array.isArray(v))
      return Object.entries(v as Record<string, unknown>).every(
        ([attr, c]) =>
          c !== null && typeof c === 'object' && alwaysTrueOperators(attr, c as Record<string, unknown>),
      );
    if (typeof v === 'string') return v.trim() === '*';
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return alwaysTrueOperators(k, v as Record<string, unknown>);
    return false;
  });
}

/**
 * The value under a filter-like `key` selects every item: `*`, `""`, `"*:*"`, `"id > 0"`,
 * `{bool: {must: []}}`, `[["uid", "!=", ""]]`. Bounded in depth; anything unread narrows.
 */
export function selectsEverything(v: unknown, key = '', depth = 0): boolean {
  if (depth > 8) return false;
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v && /^(?:filter|where|query|match|selector|condition)s?$/.test(key);
  if (typeof v === 'string') {
    const t = v.trim();
    if (EVERYTHING.test(t)) return true;
    if ((t.startsWith('{') || t.startsWith('[')) && t.length < 4096) {
      try {
        return selectsEverything(JSON.parse(t) as unknown, key, depth + 1);
      } catch {
        return false;
      }
    }
    return alwaysTruePredicate(t);
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return true;
    // A Firestore triple `["uid", "!=", ""]`, or a list of them (all must hold).
    if (v.length === 3 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Array.isArray(v[2]))
      return alwaysTrueComparison(v[0], v[1], typeof v[2] === 'string' ? `'${v[2]}'` : String(v[2]));
    return v.length <= 16 && v.every((x) => selectsEverything(x, key, depth + 1));
  }
  if (typeof v === 'object') return everythingDocument(v as Record<string, unknown>, depth);
  return false;
}
