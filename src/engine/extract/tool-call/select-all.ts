/**
 * A filter that selects every item of the store it is given to (red team r11 narrow-all): a key
 * that reads as narrowing (`where`, `filter`, `query`, `prefix`) whose value matches everything is
 * no narrowing at all. Judged by what the value selects in any of the usual filter languages: a
 * wildcard (`*`, `*:*`, `%`, an empty prefix or `/`), an SQL-like predicate that always holds
 * (`id > 0`, `created_at < now()`, `email IS NOT NULL`, `trashed = false`), a Mongo, Pinecone or
 * Elasticsearch document whose conditions every item meets (`{$exists: true}`, `{$ne: "none"}` on
 * an id, `{bool: {must: []}}`, `{email: {contains: "@"}}`) or Firestore triples (`["uid", "!=", ""]`),
 * and SaaS filters (R21): HubSpot `HAS_PROPERTY` or Notion `is_not_empty` on a field every record has,
 * Airtable `TRUE()` / `NOT({Name} = '')`, both values of a flag, Linear's lone team scope.
 */

/** Whole values that select everything: wildcards, an empty prefix or filter, `true`, `1=1`. */
const EVERYTHING =
  /^\s*(?:|\*|\*+|[?*]*\*[?*]*|%+|\/|\*:\*|\*\.\*|\^?\.\*\$?|\^|\.\+|all|everything|any|true|true\(\)|1|1\s*=\s*1|\{\s*\}|\[\s*\]|in:anywhere|in:all(?:mail)?)\s*$/i;

/** Identity attributes: an exclusion of one value (`id != 'x'`) keeps every other item. */
const IDENTITY = /^(?:[\w.]*[._])?(?:id|uid|uuid|pk|key|rowid|oid|email|name|slug|sku|doc_id|_id)$/i;
/** Fields every record has (a key, a creation time, an email, a name or title): set on each item. */
const REQUIRED = (a: string): boolean =>
  (/^(?:id|_id|uid|uuid|pk|hs_object_id|object_id|record_id|email|name|full_name|title)$/i.test(a) ||
    CREATED.test(a)) &&
  !OPTIONAL.test(a);
/** Existence operators (HubSpot `HAS_PROPERTY`, Notion `is_not_empty`): true of every item on a required field. */
const EXISTS_OP =
  /^(?:has_?property|is_?not_?empty|not_?empty|exists|is_?not_?null|not_?null|is_?set|is_?known|is_?present)$/i;
/** Numeric keys every stored item has above zero. */
const SERIAL = /^(?:[\w.]*[._])?(?:id|pk|rowid|seq|serial|num|number)$/i;
/** Moments in the past for every item (a creation time is before now; an expiry is not). */
const CREATED =
  /^(?:[\w.]*[._])?(?:created|inserted|added|registered|joined|signed_up|signup|uploaded|first_seen)(?:_at|_on|_date|_time|_ts)?$|^(?:created|inserted)(?:At|On|Date|Time)$|^(?:[\w.]*[._])?(?:createdate|createddate|creation_?date|creation_?time|create_?time|create_?date|date_?created)$/i;
/** Flags only leftovers have: `trashed = false` is every live item. */
const DEAD_FLAG =
  /^(?:[\w.]*[._])?(?:is_?)?(?:trashed|deleted|archived|removed|spam|hidden|suspended|disabled|deactivated|locked|blocked|banned)$/i;
/** Values an exclusion may name that no item holds (`!= ''`, `$ne: "none"`, the `-1` of "no value"). */
const SENTINEL = /^(?:|none|null|nil|undefined|empty|n\/a|-|-\d+(?:\.\d+)?)$/i;
/**
 * Attributes set only once something happened to an item (`deleted_at`, `archived_on`, `banned`,
 * `parent_id`): `IS NOT NULL` or `$exists` on them picks the items it happened to, not every item.
 */
const OPTIONAL =
  /^(?:[\w.]*[._])?(?!(?:created|inserted|added|registered|joined|uploaded|updated|modified)_)[a-z]+_(?:at|on|date|time|ts)$|(?:^|[._])(?:deleted|archived|trashed|removed|banned|blocked|suspended|disabled|expired|canceled|cancelled|closed|ended|revoked|parent|parent_id|replaced_by|merged_into)$/i;
/** Quantities no item holds below zero: a lower bound at or under zero keeps them all (`price >= 0`). */
const NON_NEGATIVE =
  /(?:^|[._])(?:amount|cents|price|cost|total|subtotal|quantity|qty|count|size|bytes|length|duration|age|views|attempts|retries|version|stock)$/i;
/** A date no stored data predates: the Unix epoch or earlier (`'1970-01-01'`, `1900-01-01T00:00`, `0001-01-01`). */
const EPOCH_OR_EARLIER = /^['"]?(?:0\d\d\d|1[0-8]\d\d|19[0-6]\d|1970)-\d\d-\d\d/;
const NOW = /^(?:now\(\)|current_timestamp(?:\(\))?|current_date|getdate\(\)|sysdate|'now'|"now"|now)$/i;

/** Moments no stored item is later than: now, now plus an offset, a date in a far year (2050 on). */
const NOW_OR_LATER =
  /^(?:now(?:\(\))?(?:\s*\+\s*\w+)?|'now'|"now"|current_timestamp(?:\(\))?|(?:20[5-9]\d|2[1-9]\d\d|[3-9]\d{3})-\d\d-\d\d.*)$/i;
/** Times every stored item has in the past: when it was written, logged or last changed. */
const PAST_TIME =
  /^@?timestamp$|(?:^|[._])(?:timestamp|ts|event_time|logged_at|occurred_at|updated_at|modified_at|last_modified|sent_at|received_at|last_(?:login|seen|active|activity|used|accessed|sign_in)(?:_at|_on|_date)?)$/i;
/** Keys of an upper time bound (`before`, `received_before`, `lte`) and of an age (`older_than_days`). */
const UPPER_BOUND = /(?:^|_)(?:before|until|lt|lte|end|to)$/;
const AGE_BOUND = /^(?:older_than|age|min_age)(?:_(?:days|hours|minutes|seconds|ms|d|h))?$/;

/**
 * A time bound that every stored item meets (R12 every-item): `before: "2100-01-01"`, `lte: "now"`,
 * `older_than_days: 0`. A bound in the past (`before: "2024-01-01"`) narrows to older items.
 */
export function spansAllTime(key: string, v: unknown): boolean {
  // An age of zero or below (`older_than_days: -1`): everything is at least that old.
  if (AGE_BOUND.test(key))
    return (
      (typeof v === 'number' && v <= 0) || (typeof v === 'string' && /^\s*(?:0+|-\d+)\s*[a-z]*\s*$/i.test(v))
    );
  return UPPER_BOUND.test(key) && typeof v === 'string' && NOW_OR_LATER.test(v.trim());
}

const unquote = (s: string): string => s.trim().replace(/^(['"`])(.*)\1$/s, '$2');

/** Records a business keeps (customers, tickets, issues): not leftovers that age out as logs do. */
export const KEPT_RECORDS =
  /^(?:customers|users|accounts|contacts|tickets|issues|orders|invoices|subscribers|leads|deals|companies|members|employees|patients|clients|people|profiles|subscriptions|products|opportunities|cases|candidates|students|vendors|suppliers|payments|transactions|charges|conversations)$/;
/** Upper-bound operators on a creation time (`lt`, `$lte`, `before`, `<`). */
const BEFORE_OP = /^(?:\$?lte?|before|until|to|end|<=?|:<=?)$/i;
/** `created_before`, `createdAtLt`: a key that is itself a creation time's upper bound. */
const CREATED_BEFORE_KEY =
  /^(?:created|inserted|added|registered|signed_?up|date_?created|creation_?date)(?:_?at|_?on|_?date)?_?(?:before|lte?|until)$/i;
/** A pin on the record's own type (`type:ticket`, `object = customer`): no narrowing among them. */
const TYPE_PIN = /^(?:type|object|object_type|kind|record_type)\s*(?::|=|==)\s*['"]?[\w-]+['"]?$/i;

/**
 * A filter whose only conditions are a creation time's upper bound and the record's own type
 * (`{created: {lt: 1764374400}}`, Zendesk `type:ticket created<2026-11-29`): on records a business
 * keeps it picks every one made before a moment, which no deterministic reading can tell from now.
 */
export function createdBeforeOnly(v: unknown, depth = 0): boolean {
  if (depth > 3 || v === null || v === undefined) return false;
  if (typeof v === 'string') {
    if (v.length > 300) return false;
    if (v.trim().startsWith('{')) {
      try {
        return createdBeforeOnly(JSON.parse(v) as unknown, depth + 1);
      } catch {
        return false;
      }
    }
    const atoms = v
      .trim()
      .split(/\s+and\s+|\s*&&\s*|\s+(?=[\w.]+\s*(?::|<|=))/i)
      .filter((x) => x !== '');
    let bound = false;
    for (const a of atoms) {
      const m = /^([\w.]+)\s*(:<=?|<=?|\s(?:lte?|before)\s)\s*\S+$/i.exec(a);
      if (m !== null && CREATED.test(m[1]!)) bound = true;
      else if (!TYPE_PIN.test(a)) return false;
    }
    return bound;
  }
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  const e = Object.entries(v as Record<string, unknown>);
  let bound = false;
  for (const [k, x] of e) {
    if (CREATED_BEFORE_KEY.test(k) && (typeof x === 'string' || typeof x === 'number')) bound = true;
    else if (CREATED.test(k) && x !== null && typeof x === 'object' && !Array.isArray(x)) {
      const ops = Object.keys(x);
      if (ops.length === 0 || !ops.every((o) => BEFORE_OP.test(o))) return false;
      bound = true;
    } else if (!(/^(?:type|object|kind)$/.test(k) && typeof x === 'string')) return false;
  }
  return bound;
}

/** One comparison `<attr> <op> <value>` (SQL-like, Drive and Firestore spellings) that every item meets. */
function alwaysTrueComparison(attr: string, op: string, raw: string): boolean {
  const o = op.toLowerCase().replace(/\s+/g, ' ');
  const value = raw.trim();
  // Typesense and Meilisearch write the comparison after the colon (`price:>=0`, `id:!=-1`).
  const after = o === ':' ? /^(>=|<=|!=|>|<|=)\s*(.+)$/.exec(value) : null;
  if (after !== null) return alwaysTrueComparison(attr, after[1]!, after[2]!);
  // PostgREST in a query string (`id=not.is.null`, `price=gte.0`).
  if ((o === '=' || o === ':') && POSTGREST.test(value)) return postgrestHolds(attr, value);
  const v = unquote(value);
  if ((o === '=' || o === '==') && attr.toLowerCase() === value.toLowerCase()) return true;
  if (
    (o === '!=' || o === '<>' || o === 'is not' || o === 'not-in') &&
    (SENTINEL.test(v) || IDENTITY.test(attr))
  )
    // `deleted_at != null` keeps only the deleted items.
    return (
      (o !== 'not-in' || /^\[\s*\]$/.test(value)) && !(/^(?:null|nil|none|)$/i.test(v) && OPTIONAL.test(attr))
    );
  if (SERIAL.test(attr) && ((o === '>' && Number(v) <= 0) || (o === '>=' && Number(v) <= 1))) return true;
  // A lower bound under every value the attribute can hold (`price >= 0`, `qty > -1`, `created_at > '1970-01-01'`).
  const num = /^-?\d+(?:\.\d+)?$/.test(v) ? Number(v) : NaN;
  if (NON_NEGATIVE.test(attr) && ((o === '>' && num < 0) || (o === '>=' && num <= 0))) return true;
  if (
    (CREATED.test(attr) || PAST_TIME.test(attr)) &&
    (o === '>' || o === '>=') &&
    (EPOCH_OR_EARLIER.test(v) || num <= 0)
  )
    return true;
  // The bound read as written and unquoted (a record condition's value arrives quoted: `'2099-01-01'`).
  const later = NOW_OR_LATER.test(value) || NOW_OR_LATER.test(v);
  if (CREATED.test(attr) && (o === '<' || o === '<=') && (NOW.test(value) || later)) return true;
  if (PAST_TIME.test(attr) && (o === '<' || o === '<=') && later) return true;
  if (DEAD_FLAG.test(attr) && (o === '=' || o === '==' || o === ':') && /^(?:false|0)$/i.test(v)) return true;
  // A directory's root organisational unit (`orgUnitPath='/'`) holds every account under it.
  if (/(?:^|[._])org_?unit_?path$/i.test(attr) && (o === '=' || o === '==' || o === ':') && v === '/')
    return true;
  if (DEAD_FLAG.test(attr) && (o === '!=' || o === '<>') && /^(?:true|1)$/i.test(v)) return true;
  if (o === 'like' || o === 'ilike') return /^%+$/.test(v) || (/^%+@%+$/.test(v) && /email/i.test(attr));
  if (/^(?:matches|regex|regexp|rlike|~|=~)$/.test(o)) return MATCH_ANY.test(v);
  if (o === 'contains' || o === 'array-contains') return v === '' || (v === '@' && /email/i.test(attr));
  return false;
}

/** A regular expression that matches every string (`.*`, `^.*$`, `.+` on a required value is not). */
const MATCH_ANY = /^\^?(?:\.\*|\(\.\*\))?\$?$|^\.\*$/;

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

/** SCIM, OData and HubSpot comparison words as their symbols (`status eq "ACTIVE"`). */
const WORD_OP: Record<string, string> = {
  eq: '=',
  ne: '!=',
  neq: '!=',
  gt: '>',
  ge: '>=',
  gte: '>=',
  lt: '<',
  le: '<=',
  lte: '<=',
};
const symbolOps = (a: string): string =>
  a.replace(/\s+(eq|ne|neq|gt|ge|gte|lt|le|lte)\s+/i, (_, o: string) => ` ${WORD_OP[o.toLowerCase()]!} `);

/**
 * Attributes that name the container a query runs in (JQL `project = CORE`, `space = ENG`): pinned
 * alone, they pick every item of that container, not some of them.
 */
const SCOPE_ATTRIBUTE =
  /^(?:project|projectkey|project_key|space|spacekey|board|workspace|org|organization|tenant)$/i;

/**
 * Linear's GraphQL `{team: {key: {eq: "ENG"}}}`: a tracker's one team or project pinned, every issue
 * in it. A plain field value (Mongo `{team: "qa"}` on users) is an attribute of some items, not this.
 */
function scopeOnly(attr: string, v: unknown, depth = 0): boolean {
  if (
    !/^(?:team|project)$/i.test(attr) ||
    depth > 2 ||
    v === null ||
    typeof v !== 'object' ||
    Array.isArray(v)
  )
    return false;
  const e = Object.entries(v as Record<string, unknown>);
  if (e.length !== 1) return false;
  const [k, x] = e[0]!;
  if (k === 'eq') return depth > 0 && (typeof x === 'string' || typeof x === 'number');
  return /^(?:id|key|name)$/.test(k) && scopeOnly(attr, x, depth + 1);
}

/** One atom of a predicate string. */
function alwaysTrueAtom(atom: string): boolean {
  // PostgREST written out (`id.not.is.null`, `id=gte.0`): the column, then the operator and value.
  const rest = /^\s*([A-Za-z_]\w*)[.=]((?:not\.)?(?:eq|neq|gt|gte|lt|lte|is|like|ilike)\..*)$/i.exec(atom);
  if (rest !== null) return postgrestHolds(rest[1]!, rest[2]!);
  const a = symbolOps(
    atom
      .trim()
      .replace(/^\((.*)\)$/s, '$1')
      .trim(),
  );
  // Airtable `NOT({Name} = '')`: a required field that is not blank.
  const notBlank = /^not\s*\(\s*([\w.]+)\s*=\s*(?:''|""|blank\(\))\s*\)$/i.exec(a);
  if (notBlank !== null) return REQUIRED(notBlank[1]!);
  const scope = /^([\w.]+)\s*=\s*['"]?[\w-]+['"]?$/.exec(a);
  if (scope !== null && SCOPE_ATTRIBUTE.test(scope[1]!)) return true;
  if (EVERYTHING.test(a) || /^not\s+(?:false|0)$/i.test(a)) return true;
  // `email IS NOT NULL`, Lucene `sku:*` (every item that has the field).
  // DynamoDB `attribute_exists(pk)`: every item has its key.
  const notNull = /^([\w.`"[\]]+)\s+is\s+not\s+null$/i.exec(a);
  if (notNull !== null) return !OPTIONAL.test(notNull[1]!.replace(/[`"[\]]/g, ''));
  if (/^[\w.]+:\s*\*$/.test(a)) return true;
  const list = IN_LIST.exec(a);
  // JQL `project in (PAY, CORE, OPS)`: every item of each container named.
  if (list !== null && list[2] === undefined && SCOPE_ATTRIBUTE.test(list[1]!.replace(/[`"[\]]/g, '')))
    return true;
  if (list !== null) return listHolds(list[1]!, list[2] !== undefined, list[3]!);
  if (/^attribute_exists\s*\(\s*[\w#.]+\s*\)$/i.test(a)) return true;
  // Two literals compared (`2 > 1`, `'a' = 'a'`): the same for every item.
  const lit = LITERALS.exec(a);
  if (lit !== null) return literalsHold(lit[1]!, lit[2]!, lit[3]!);
  const m = COMPARISON.exec(a);
  if (m === null) return false;
  const attr = m[1]!.replace(/[`"[\]]/g, '');
  return alwaysTrueComparison(attr, m[2]!, m[3]!);
}

const IN_LIST = /^([\w.`"[\]]+)\s+(not\s+)?in\s*\(([^()]*)\)$/i;
/** States an item is in while it lives, and states it ends in. */
const LIVE_STATE = /^(?:active|enabled|live|open|new|published|running|trialing|trial|current|valid|paid)$/i;
const ENDED_STATE =
  /^(?:canceled|cancelled|closed|solved|resolved|done|inactive|disabled|expired|deleted|archived|ended|terminated|suspended|incomplete|past_due|unpaid|churned|stopped|failed)$/i;

/**
 * `x NOT IN (-1, '')`: an exclusion of values no item holds keeps them all. `status IN ('active',
 * 'trialing', 'canceled', ...)`: a list spanning living and ended states picks no part of the lifecycle.
 */
function listHolds(attr: string, negated: boolean, inner: string): boolean {
  const values = inner
    .split(',')
    .map((x) => unquote(x))
    .filter((x) => x !== '');
  if (negated) return values.every((x) => SENTINEL.test(x));
  return (
    /(?:^|[._])(?:status|state|lifecycle|stage)$/i.test(attr.replace(/[`"[\]]/g, '')) &&
    values.length >= 3 &&
    values.some((x) => LIVE_STATE.test(x)) &&
    values.some((x) => ENDED_STATE.test(x))
  );
}

/**
 * A state field given a list spanning the lifecycle (`status: [new, open, pending, solved, closed]`):
 * every item is in one of those states, so the list picks them all.
 */
export function spansLifecycle(key: string, v: unknown): boolean {
  if (!/^(?:status|statuses|state|states|lifecycle|stage)$/.test(key) || !Array.isArray(v) || v.length > 32)
    return false;
  return listHolds(key, false, v.filter((x) => typeof x === 'string').join(','));
}

/** A JavaScript predicate (Mongo `$where`) whose result is the same for every document (`return 1 == 1`). */
function alwaysTrueScript(code: string): boolean {
  const m =
    /^\s*(?:function\s*\w*\s*\(\s*\)\s*\{\s*return\s+([^;{}]+?)\s*;?\s*\}|\(\s*\)\s*=>\s*([^;{}]+?)|return\s+([^;{}]+?)\s*;?|([^;{}]+?))\s*$/.exec(
      code,
    );
  const expr = (m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4] ?? '').trim().replace(/={2,3}/g, '=');
  if (/^(?:true|1|!0|!false)$/.test(expr)) return true;
  const lit = LITERALS.exec(expr);
  return lit !== null && literalsHold(lit[1]!, lit[2]!, lit[3]!);
}

/** A predicate string: any OR branch, or every AND part, always true. Parentheses inside are not parsed. */
function alwaysTruePredicate(text: string): boolean {
  // An ordering picks nothing (JQL `project = CORE ORDER BY created ASC`).
  // Airtable writes a field as `{Name}`.
  const t = text
    .trim()
    .replace(/\{([\w ]{1,64})\}/g, (_, f: string) => f.trim().replace(/ /g, '_'))
    .replace(/\s+order\s+by\s+[\w.,\s]+(?:asc|desc)?\s*$/i, '');
  if (t.length > 400) return false;
  // A query that reads a whole table (SOQL `SELECT Id FROM Account`): no WHERE, no LIMIT.
  if (/^select\s+[\w.,\s*]+\s+from\s+[\w.]+\s*;?$/i.test(t)) return true;
  const where = /^select\s+[\w.,\s*]+\s+from\s+[\w.]+\s+where\s+(.+)$/is.exec(t);
  if (where !== null) return alwaysTruePredicate(where[1]!);
  const ors = t.split(/\s+or\s+|\s*\|\|\s*/i);
  if (ors.length > 1) return ors.some((x) => alwaysTruePredicate(x)) || complementary(ors);
  return t.split(/\s+and\s+|\s*&&\s*/i).every((x) => alwaysTrueAtom(x));
}

/** Opposite comparisons of one attribute and value (`x = 1 or x != 1`, `x < 5 or x >= 5`). */
const OPPOSITE: Record<string, string> = { '=': '!=', '!=': '=', '<': '>=', '>=': '<', '>': '<=', '<=': '>' };
function complementary(ors: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const x of ors.slice(0, 16)) {
    const m = COMPARISON.exec(
      symbolOps(
        x
          .trim()
          .replace(/^\((.*)\)$/s, '$1')
          .trim(),
      ),
    );
    if (m === null) continue;
    const op = m[2]!.replace('==', '=').replace('<>', '!=');
    if (OPPOSITE[op] === undefined) continue;
    const attr = m[1]!.replace(/[`"[\]]/g, '').toLowerCase();
    const value = unquote(m[3]!).toLowerCase();
    if (seen.has(`${attr}\u0000${OPPOSITE[op]}\u0000${value}`)) return true;
    // Both values of a flag (`completed = false or completed = true`).
    const flip = value === 'true' ? 'false' : value === 'false' ? 'true' : undefined;
    if (op === '=' && flip !== undefined && seen.has(`${attr}\u0000=\u0000${flip}`)) return true;
    seen.add(`${attr}\u0000${op}\u0000${value}`);
  }
  return false;
}

/** The value inside Mongo Extended JSON's one-key wrappers (`{$date: ...}`, `{$numberInt: ...}`). */
function ejson(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const e = Object.entries(v as Record<string, unknown>);
  return e.length === 1 && /^\$(?:date|numberInt|numberLong|numberDouble|numberDecimal)$/.test(e[0]![0])
    ? ejson(e[0]![1])
    : v;
}

/** PostgREST's `op.value` (`not.is.null`, `gte.0`, `neq.-1`): the operator and value of one column. */
const POSTGREST = /^(not\.)?(eq|neq|gt|gte|lt|lte|is|like|ilike)\.(.*)$/i;
const POSTGREST_OP: Record<string, string> = { eq: '=', neq: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** `{id: "not.is.null"}`, `id=gte.0`: a PostgREST condition every row meets. */
function postgrestHolds(attr: string, value: string): boolean {
  const m = POSTGREST.exec(value.trim());
  if (m === null) return false;
  const op = m[2]!.toLowerCase();
  const v = m[3]!;
  if (op === 'is') return m[1] !== undefined && /^null$/i.test(v) && !OPTIONAL.test(attr);
  if (m[1] !== undefined) return false;
  if (op === 'like' || op === 'ilike') return /^[*%]+$/.test(v);
  return alwaysTrueComparison(attr, POSTGREST_OP[op]!, /^-?\d/.test(v) ? v : `'${v}'`);
}

/** Mongo `$expr: {$eq: [1, 1]}`: an aggregation comparison of two constants that holds. */
const EXPR_OP: Record<string, string> = { $eq: '=', $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
function constantExpr(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const e = Object.entries(v as Record<string, unknown>);
  if (e.length !== 1 || EXPR_OP[e[0]![0]] === undefined) return false;
  const args = e[0]![1];
  if (!Array.isArray(args) || args.length !== 2) return false;
  // A `$field` operand differs per document; constants do not.
  const lit = (x: unknown): string | undefined =>
    typeof x === 'number' ? String(x) : typeof x === 'string' && !x.startsWith('$') ? `'${x}'` : undefined;
  const [a, b] = [lit(args[0]), lit(args[1])];
  return a !== undefined && b !== undefined && literalsHold(a, EXPR_OP[e[0]![0]]!, b);
}

/** Operators of a Mongo-style condition that every item meets (`{$exists: true}`, `{$gt: 0}` on an id). */
function alwaysTrueOperators(attr: string, cond: Record<string, unknown>): boolean {
  const entries = Object.entries(cond);
  if (entries.length === 0) return false;
  return entries.every(([op, raw]) => {
    // Mongo's `$gt`, Hasura's `_gt`, pg_graphql's `gt`.
    const o = op.replace(/^[$_]/, '').toLowerCase();
    // Extended JSON wraps a date or number (`{$date: "2100-01-01"}`, `{$numberLong: "0"}`).
    const v = ejson(raw);
    const s = typeof v === 'string' || typeof v === 'number' ? String(v) : v === null ? '' : undefined;
    if (o === 'exists') return (v === true || v === 1) && !OPTIONAL.test(attr);
    if (EXISTS_OP.test(o)) return v === true && REQUIRED(attr);
    if (o === 'is_null') return v === false && !OPTIONAL.test(attr);
    if (o === 'nin' || o === 'not_in') return Array.isArray(v) && v.length === 0;
    if (o === 'regex' || o === 'matches')
      return typeof v === 'string' && /^(?:\^?\.\*\$?|\^|\.?|\.\+)$/.test(v);
    if (s === undefined) return false;
    const sym: Record<string, string> = {
      '!=': '!=',
      '>': '>',
      '>=': '>=',
      '<': '<',
      '<=': '<=',
      does_not_equal: '!=',
      greater_than: '>',
      greater_than_or_equal_to: '>=',
      after: '>',
      on_or_after: '>=',
      before: '<',
      on_or_before: '<=',
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

/**
 * One condition spelled as a record (`{field: "email", op: "matches", value: ".*"}`, HubSpot
 * `{propertyName: "createdate", operator: "GTE", value: "0"}`): whether every item meets it, or
 * undefined when the record has no such shape.
 */
function condition(doc: Record<string, unknown>): boolean | undefined {
  const get = (re: RegExp): unknown => Object.entries(doc).find(([k]) => re.test(k))?.[1];
  const attr = get(/^(?:field|property|property_?name|attribute|attr|column|key)$/i);
  const op = get(/^(?:op|operator|operation|comparison|comparator)$/i);
  const value = get(/^(?:value|values)$/i);
  if (typeof attr !== 'string' || typeof op !== 'string' || Object.keys(doc).length > 4) return undefined;
  const o = op.trim().toLowerCase();
  if (EXISTS_OP.test(o)) return (value === undefined || value === true) && REQUIRED(attr);
  const sym =
    WORD_OP[o] ?? (/^(?:equals|equal|is)$/.test(o) ? '=' : /^(?:not_?equals|is_?not)$/.test(o) ? '!=' : o);
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  return alwaysTrueComparison(attr, sym, typeof value === 'number' ? String(value) : `'${value}'`);
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
  const cond = condition(doc);
  if (cond !== undefined) return cond;
  // Notion's `{property: "Name", title: {is_not_empty: true}}`, `{timestamp: "created_time", created_time: {...}}`.
  const named = doc.property ?? doc.timestamp;
  const ops = entries.find(([k]) => k !== 'property' && k !== 'timestamp')?.[1];
  if (
    typeof named === 'string' &&
    entries.length === 2 &&
    ops !== null &&
    typeof ops === 'object' &&
    !Array.isArray(ops)
  )
    return alwaysTrueOperators(named, ops as Record<string, unknown>);
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
    if (scopeOnly(k, v)) return true;
    if (key === '$where') return v === true || (typeof v === 'string' && alwaysTrueScript(v));
    if (key === '$expr') return v === true || v === 1 || constantExpr(v);
    // A nested query (`{query: {match_all: {}}}`, `query_string: {query: "*"}`).
    if (
      /^(?:query|filter|filters|where|selector|conditions|criteria|query_string|simple_query_string|constant_score)$/.test(
        key,
      )
    )
      return selectsEverything(v, key, depth + 1);
    if (key === 'range' && v !== null && typeof v === 'object' && !Array.isArray(v))
      return Object.entries(v as Record<string, unknown>).every(
        ([attr, c]) =>
          c !== null && typeof c === 'object' && alwaysTrueOperators(attr, c as Record<string, unknown>),
      );
    if (typeof v === 'string') return v.trim() === '*' || postgrestHolds(k, v);
    // Both values of a flag (`completed: [false, true]`) pick every item.
    if (Array.isArray(v) && v.length === 2 && v.includes(true) && v.includes(false)) return true;
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
    // A glob key (`match: "test:*"`, Redis SCAN MATCH) holds a key pattern: `test:*` is a prefix, not Lucene's field:*.
    if (/^(?:match|pattern|glob|key_pattern)$/.test(key)) return false;
    if ((t.startsWith('{') || t.startsWith('[')) && t.length < 4096) {
      try {
        return selectsEverything(JSON.parse(t) as unknown, key, depth + 1);
      } catch {
        // Not JSON: an Airtable formula (`{Name} != ''`) is read below.
      }
    }
    return alwaysTruePredicate(t);
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return true;
    // A Firestore triple `["uid", "!=", ""]`, or a list of them (all must hold).
    if (v.length === 3 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Array.isArray(v[2]))
      return (
        alwaysTrueComparison(v[0], v[1], typeof v[2] === 'string' ? `'${v[2]}'` : String(v[2])) ||
        // A date given as a string (`["createdAt", "<", "2999-01-01"]`) is the bare date.
        (typeof v[2] === 'string' && /^\d{4}-\d\d-\d\d/.test(v[2]) && alwaysTrueComparison(v[0], v[1], v[2]))
      );
    return v.length <= 16 && v.every((x) => selectsEverything(x, key, depth + 1));
  }
  if (typeof v === 'object') return everythingDocument(v as Record<string, unknown>, depth);
  return false;
}
