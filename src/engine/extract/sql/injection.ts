/**
 * SQL-injection payloads (issue #22): text written to close a quoted or numeric value of someone
 * else's query and change what the query does. Judged on the whole SQL input, before it is split
 * into statements, because the payload's shape spans them (`'; WAITFOR DELAY ...--`).
 *
 * Two readings. A *fragment* (the input does not open with a statement) is the value an attacker
 * types: it is a payload when it closes a quote or parenthesis, continues the query with a
 * connective (OR, AND, UNION, ORDER BY, `;`, `||`), or carries a comment, a delay, a system value
 * or a tautology. A *statement* is a payload when its quoting is broken, a branch of an OR is
 * always true, it waits in a condition, it forces an error or a character-by-character comparison
 * on a system value, or a UNION arm probes the catalog or column count.
 */
import { lexSql, type Lexes, type SqlToken } from './lexer.js';
import { isSecretColumn, isSecretTable } from '../../knowledge/sql-secret-names.js';

/** Words that open a statement in some dialect we read (PostgreSQL, MySQL, SQLite, T-SQL, Oracle, warehouses). */
const STATEMENT_WORDS = new Set(
  (
    'select with insert update delete drop create alter truncate grant revoke deny copy merge replace upsert ' +
    'call exec execute do load show set pragma begin commit rollback end abort vacuum analyze analyse ' +
    'attach detach lock unlock rename comment declare use handler explain describe desc savepoint release ' +
    'values table prepare deallocate reset discard listen notify unlisten checkpoint cluster reindex ' +
    'refresh security import export install force unload put get list remove fetch move close open ' +
    'optimize repair check checksum flush kill purge restore backup shutdown reconfigure dbcc print ' +
    'raiserror throw waitfor go if while return break continue goto try catch bulk openrowset ' +
    'enable disable msck summarize pivot unpivot from start undrop use uninstall change stop xa reassign ' +
    'flashback noaudit'
  ).split(' '),
);

/** Words that continue a query rather than start one: the front of an injected value. */
const CONNECTIVES = new Set([
  'or',
  'and',
  'xor',
  'not',
  'union',
  'intersect',
  'except',
  'order',
  'group',
  'having',
  'where',
  'limit',
  'offset',
  'like',
  'rlike',
  'regexp',
  'between',
  'in',
  'is',
  'procedure',
  'into',
  'as',
  'waitfor',
  'exec',
  'execute',
  'select',
]);

/** Functions that stall the server: the probe of a time-based blind injection. */
const DELAY =
  /\b(?:sleep|pg_sleep(?:_for|_until)?|benchmark|randomblob|dbms_lock\s*\.\s*sleep|dbms_session\s*\.\s*sleep|dbms_pipe\s*\.\s*receive_message)\s*\(|\bwaitfor\s+(?:delay|time)\b/i;

/** Values that describe the server rather than the application's data: what a probe extracts. */
const SYSTEM_VALUE =
  /@@\w+|\b(?:version|user|current_user|system_user|session_user|database|schema|db_name|user_name|suser_name|suser_sname|host_name|sqlite_version|current_database|load_file|connection_id)\s*\(|\b(?:current_user|session_user|system_user|user)\b(?!\s*[.(\w])|\binformation_schema\b|\b(?:sysobjects|syscolumns|sysdatabases|sysusers|sysxlogins|syslogins|sqlite_master|sqlite_schema|all_tables|all_tab_columns|all_users|user_tables|dba_users|pg_shadow|pg_authid|pg_user|pg_tables|pg_database)\b|\bv\$version\b|\bmysql\s*\.\s*user\b|\bsys\s*\.\s*(?:tables|columns|objects|databases|sql_logins|server_principals|database_principals)\b|\bmaster\s*\.\.\s*\w+|\bsystem\s*\.\s*(?:users|roles|grants|tables|columns|databases|quotas|row_policies|settings_profiles)\b|\bpg_roles\b|\baccount_usage\s*\.\s*(?:users|grants_to_users|login_history)\b/i;

/** Functions a blind or error-based probe wraps around the value it leaks. */
const LEAK_WRAPPERS = new Set([
  'substring',
  'substr',
  'mid',
  'ascii',
  'ord',
  'left',
  'right',
  'length',
  'len',
  'char_length',
  'hex',
  'unicode',
  'instr',
  'locate',
  'cast',
  'convert',
  'exp',
  'name_const',
  'gtid_subset',
  'json_keys',
  'polygon',
  'multipoint',
  'geometrycollection',
  'linestring',
  'utl_inaddr',
  'ctxsys',
]);

/** Cheap gate: text with none of these cannot hold any shape below. */
const GATE =
  /['"`)\]]|--|#|\/\*|;|\|\||&&|\b(?:or|and|xor|union|sleep|pg_sleep|benchmark|waitfor|randomblob|extractvalue|updatexml|order|having|group|where|limit|exec)\b|@@|%[0-9a-f]{2}|\\x27|&apos;|&#39;/i;

/** Percent-encoding, HTML entities and look-alike quotes undone, as a web layer would hand them over. */
function normalise(text: string): string {
  let out = text;
  if (/%[0-9a-f]{2}/i.test(out)) {
    try {
      out = decodeURIComponent(out.replace(/%(?![0-9a-f]{2})/gi, '%25'));
    } catch {
      out = out.replace(/%(20|23|27|22|28|29|2b|3d|3b)/gi, (_m, h: string) =>
        String.fromCharCode(parseInt(h, 16)),
      );
    }
  }
  if (!/\\x27|&|[\u2018\u2019\u2032\u201c\u201d\u2013]/i.test(out)) return out;
  return out
    .replace(/\\x27|&apos;|&#0*39;|[\u2018\u2019\u2032]/gi, "'")
    .replace(/&quot;|[\u201c\u201d]/gi, '"')
    .replace(/\u2013/g, '--');
}

const isConst = (t: SqlToken | undefined): boolean =>
  t !== undefined &&
  (t.kind === 'number' ||
    t.kind === 'string' ||
    (t.kind === 'word' && (t.value === 'true' || t.value === 'false' || t.value === 'null')));

const num = (t: SqlToken): number | undefined =>
  t.kind === 'number' || (t.kind === 'string' && /^-?\d+(?:\.\d+)?$/.test(t.value))
    ? Number(t.value)
    : undefined;

/** `a op b` that holds whatever the row: equal constants or the same name on both sides. */
function alwaysTrue(a: SqlToken, op: SqlToken, b: SqlToken | undefined, c?: SqlToken): boolean {
  if (b === undefined) return false;
  const o = op.value;
  const na = num(a);
  const nb = num(b);
  if (o === 'between' && na !== undefined && nb !== undefined && c !== undefined) {
    const nc = num(c);
    return nc !== undefined && na >= nb && na <= nc;
  }
  if (o === '>' || o === '>=' || o === '<' || o === '<=') {
    if (na === undefined || nb === undefined) return false;
    return o === '>' ? na > nb : o === '>=' ? na >= nb : o === '<' ? na < nb : na <= nb;
  }
  if (!['=', '==', '<=>', 'like', 'is', 'in'].includes(o)) return false;
  if (na !== undefined && nb !== undefined) return na === nb;
  if (isConst(a) && isConst(b)) return a.value === b.value || (o === 'like' && b.value === '%');
  // `x=x`, `a = a`: a name compared with itself.
  return a.kind === 'word' && b.kind === 'word' && a.value === b.value && !CONNECTIVES.has(a.value);
}

/** An OR (XOR, `||` in MySQL) branch that is always true: `OR 1=1`, `OR 'a'='a'`, `OR true`, `OR 2>1`. */
function orTautology(tokens: readonly SqlToken[], text: string): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!(
      (t.kind === 'word' && (t.value === 'or' || t.value === 'xor')) ||
      (t.kind === 'op' && t.value === '||')
    ))
      continue;
    let j = i + 1;
    while (tokens[j]?.value === '(') j++;
    // `OR NOT 1=2`: the negation of a comparison that never holds.
    if (tokens[j]?.value === 'not' && neverTrue(tokens, j + 1)) return true;
    const a = tokens[j];
    if (a === undefined) continue;
    // `OR true`, `OR 1` closing the value (end, `)`, a comment, another connective).
    const after = tokens[j + 1];
    if (
      (a.value === 'true' || (a.kind === 'number' && Number(a.value) !== 0)) &&
      a.kind !== 'string' &&
      (after === undefined ||
        after.value === ')' ||
        after.value === ';' ||
        (after.kind === 'word' && CONNECTIVES.has(after.value)) ||
        /^\s*(?:--|#|\/\*)/.test(text.slice(a.end, after.start)))
    )
      return true;
    // `('x')=('x')`: either side may sit in brackets.
    let o = j + 1;
    while (tokens[o]?.value === ')') o++;
    const op = tokens[o];
    if (op === undefined || a.kind === 'op') continue;
    let k = o + 1;
    // MySQL's N'text' is a string.
    while (tokens[k]?.value === '(' || (tokens[k]?.value === 'n' && tokens[k + 1]?.kind === 'string')) k++;
    if (op.kind === 'op' || ['like', 'is', 'in', 'between'].includes(op.value)) {
      if (alwaysTrue(a, op, tokens[k], tokens[k + 2])) return true;
    }
  }
  return false;
}

/** `1=2`, `'a'='b'` at token i: two different constants compared for equality. */
function neverTrue(tokens: readonly SqlToken[], i: number): boolean {
  const a = tokens[i];
  const op = tokens[i + 1];
  const b = tokens[i + 2];
  if (a === undefined || b === undefined || op?.value !== '=' || !isConst(a) || !isConst(b)) return false;
  const na = num(a);
  const nb = num(b);
  return na !== undefined && nb !== undefined ? na !== nb : a.value !== b.value;
}

/** Words that put what follows them in a condition. */
const CONDITION_WORDS = new Set(['where', 'having', 'when', 'and', 'or', 'xor', 'on', 'if', 'not']);

/** The first word that opens a condition (WHERE, HAVING, ON, CASE WHEN, IF()): tokens after it sit in one. */
const firstCondition = (tokens: readonly SqlToken[]): number => {
  const k = tokens.findIndex((t) => t.kind === 'word' && CONDITION_WORDS.has(t.value));
  return k < 0 ? tokens.length : k;
};

/**
 * A subquery's value read one character at a time (the blind probe): ASCII()/ORD()/HEX() of it, or
 * a substring of length 1. `left((SELECT note ...), 100)` is a display cut, not a probe.
 */
const oneCharacter = (fn: string, text: string, a: number, b: number): boolean =>
  fn === 'ascii' ||
  fn === 'ord' ||
  fn === 'unicode' ||
  fn === 'hex' ||
  fn === 'exp' ||
  (/^(?:substring|substr|mid)$/.test(fn) && endsWithOne(text, a, b));

/** Whether text[a, b) ends in `, 1` (a length of one), read back from b only. */
function endsWithOne(text: string, a: number, b: number): boolean {
  let k = b;
  while (k > a && /\s/.test(text[k - 1]!)) k--;
  if (k <= a || text[k - 1] !== '1') return false;
  k--;
  while (k > a && /\s/.test(text[k - 1]!)) k--;
  return k > a && text[k - 1] === ',';
}

/** Whether the text opens with a statement (after comments and opening brackets). */
function opensStatement(tokens: readonly SqlToken[]): boolean {
  let i = 0;
  while (tokens[i]?.value === '(') i++;
  const first = tokens[i];
  if (first === undefined) return i === 0;
  // A scripting loop over a query (BigQuery `FOR t IN (SELECT ...) DO`, PL/pgSQL `FOR r IN SELECT`).
  if (first.kind === 'word' && first.value === 'for' && i === 0)
    return tokens[1]?.kind === 'word' && tokens[2]?.value === 'in';
  if (first.kind === 'word')
    return (
      STATEMENT_WORDS.has(first.value) &&
      (i === 0 ||
        first.value === 'select' ||
        first.value === 'with' ||
        first.value === 'values' ||
        first.value === 'table')
    );
  // T-SQL `[dbo].[proc]` batches, psql and SQLite client commands start with punctuation of their own.
  return first.kind === 'qident' && first.value !== '' && tokens[i + 1]?.value === '.';
}

/** For each `(` token, the index of its matching `)` (-1 when unclosed): one pass, so no call site re-reads the rest. */
function matchTable(tokens: readonly SqlToken[]): Int32Array {
  const close = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.value === '(') open.push(k);
    else if (tokens[k]!.value === ')' && open.length > 0) close[open.pop()!] = k;
  }
  return close;
}

/**
 * A pattern's matches over the whole text, found once: a call site asks whether one lies inside its
 * arguments in O(log n) instead of testing its own slice (nested `CAST((SELECT ... CAST((` re-read
 * the rest of the text per site: 29 s at the size cap, issue 22).
 */
class Hits {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly groups: (string | undefined)[] = [];
  constructor(text: string, re: RegExp, keep?: (match: string) => boolean) {
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      if (keep !== undefined && !keep(m[0])) continue;
      this.starts.push(m.index);
      this.ends.push(m.index + m[0].length);
      this.groups.push(m[1]);
    }
  }
  /** The first match that starts at or after `from` if it ends by `to`, or -1. */
  first(from: number, to: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.starts.length && this.ends[lo]! <= to ? lo : -1;
  }
  has(from: number, to: number): boolean {
    return this.first(from, to) >= 0;
  }
}

/** The whole text's matches of every pattern the call-site checks ask about, each found on first use. */
class SiteScan {
  readonly #text: string;
  readonly #hits = new Map<RegExp, Hits>();
  readonly #memo = new Map<string, boolean>();
  constructor(text: string) {
    this.#text = text;
  }
  /** `re`'s matches (those `keep` accepts, when given: one `re` object, one `keep`). */
  hits(re: RegExp, keep?: (match: string) => boolean): Hits {
    let h = this.#hits.get(re);
    if (h === undefined) this.#hits.set(re, (h = new Hits(this.#text, re, keep)));
    return h;
  }
  /** `fn()` once per key: a result several nested sites share (their first FROM, their XPath). */
  once(key: string, fn: () => boolean): boolean {
    let r = this.#memo.get(key);
    if (r === undefined) this.#memo.set(key, (r = fn()));
    return r;
  }
}

const SELECT_WORD = /\bselect\b/i;
const SELECT_LIST_START = /\bselect\s+/i;
const FROM_WORD = /\bfrom\b/i;
const FROM_NAME = /\bfrom\s+([\w."`[\]]+)/i;
/** Words that name a secret column (asked with isSecretColumn). */
const SECRET_WORD = /[\p{L}\p{N}_]+/u;
const COMMA = /,/;
const DELIMITER = /\b0x[0-9a-f]{2}\b|\bchar\s*\(\s*\d+\s*\)|\bfloor\s*\(\s*rand\s*\(/i;

/** Functions that stall the server, by name (`dbms_lock.sleep` reads as `sleep` after its package). */
const DELAY_FUNCTIONS = new Set([
  'sleep',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'benchmark',
  'randomblob',
  'receive_message',
]);
/** What may stand right before a delay call that is the statement's own work (`SELECT pg_sleep(1)`, `PERFORM ...`). */
const OWN_DELAY = new Set(['select', 'perform', 'call', 'exec', 'execute', ';']);

/**
 * A delay called anywhere but as the statement's own work: inside a condition, a CASE or IF, a
 * derived table or a list of other values (`AND SLEEP(5)`, `(SELECT(SLEEP(5)))x`). Function bodies
 * and DO blocks are strings to the lexer, so a polling loop's PERFORM pg_sleep(1) is not read here.
 */
function conditionalDelay(tokens: readonly SqlToken[], text: string): boolean {
  let lists: ((comma: number, call: number) => boolean) | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || !DELAY_FUNCTIONS.has(t.value) || tokens[i + 1]?.value !== '(') continue;
    let p = i - 1;
    // `dbms_lock.sleep(...)`: the package name goes with the call.
    if (tokens[p]?.value === '.') p -= 2;
    const prev = tokens[p];
    // A SELECT of its own, not a subquery's: `SELECT pg_sleep(1)` but not `AND (SELECT SLEEP(4))`.
    const own =
      prev === undefined ||
      (OWN_DELAY.has(prev.value) &&
        (prev.value !== 'select' || p === 0 || text.slice(tokens[p - 1]!.end, prev.start).includes(';')));
    if (own || (prev?.value === ',' && (lists ??= ownSelectLists(tokens, text))(p, i))) continue;
    return true;
  }
  return false;
}

/** Words that make a select list a condition or a second query's (`1 AND SLEEP(5)`, `UNION SELECT 1, SLEEP(5)`). */
const NOT_OWN_LIST = new Set([
  'and',
  'or',
  'xor',
  'not',
  'union',
  'case',
  'when',
  'then',
  'else',
  'if',
  'from',
  'where',
]);

/**
 * Whether a comma separates items of a statement's own select list (`SELECT pg_advisory_lock(42),
 * pg_sleep(0.5)`, a lock test: R21 twin): back to a SELECT that opens the statement, nothing but
 * calls and values at the top level, and no FROM or condition after. A UNION's list or a condition's
 * stays a probe. Tables for every comma, one pass each way: a list of 25,000 delays re-read the
 * statement per call (22 s at the size cap, issue 22).
 */
function ownSelectLists(tokens: readonly SqlToken[], text: string): (comma: number, call: number) => boolean {
  const n = tokens.length;
  // Each token's bracket level, and the nearest token back at that level that ends a look back.
  const level = new Int32Array(n);
  const stop = new Int32Array(n).fill(-1);
  const last = new Map<number, number>();
  let d = 0;
  for (let k = 0; k < n; k++) {
    const t = tokens[k]!;
    level[k] = d;
    stop[k] = last.get(d) ?? -1;
    if (t.value === '(') last.set(++d, k);
    else if (t.value === ')') d--;
    else if ((t.kind === 'word' && t.value === 'select') || NOT_OWN_LIST.has(t.value) || t.value === ';')
      last.set(d, k);
  }
  // The lowest level of a FROM, condition or UNION word from each token to the statement's end.
  const ahead = new Int32Array(n + 1).fill(0x7fffffff);
  for (let k = n - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.value === ';') continue;
    ahead[k] =
      t.kind === 'word' && NOT_OWN_LIST.has(t.value) ? Math.min(ahead[k + 1]!, level[k]!) : ahead[k + 1]!;
  }
  return (comma, call) => {
    // A FROM after it runs the delay once per row (`SELECT id, SLEEP(5) FROM users`): not a lock test's one wait.
    if (ahead[call]! <= level[call]!) return false;
    const p = stop[comma]!;
    const t = tokens[p];
    if (t === undefined || t.kind !== 'word' || t.value !== 'select') return false;
    return p === 0 || text.slice(tokens[p - 1]!.end, t.start).includes(';') || tokens[p - 1]!.value === ';';
  };
}

/** Whether the call at token i opens the select list of a subquery that stands in a condition (`AND (SELECT f(...`). */
function probeSubquery(tokens: readonly SqlToken[], i: number, condition: number): boolean {
  return tokens[i - 1]?.value === 'select' && tokens[i - 2]?.value === '(' && condition < i - 2;
}

/** A subquery in text[a, b) whose select list names a secret column (`SELECT TOP 1 password FROM users`). */
function selectsSecret(scan: SiteScan, a: number, b: number): boolean {
  const select = scan.hits(SELECT_LIST_START);
  const s = select.first(a, b);
  if (s < 0) return false;
  const from = scan.hits(FROM_WORD);
  const f = from.first(select.ends[s]!, b);
  return f >= 0 && scan.hits(SECRET_WORD, isSecretColumn).has(select.ends[s]!, from.starts[f]!);
}

/** Conversions that fail loudly on text (CAST, CONVERT, Oracle/Snowflake TO_NUMBER, ClickHouse toInt32); TRY_ and SAFE_ forms return NULL. */
const CONVERSION =
  /^(?:cast|convert|to_number|to_decimal|to_numeric|to_double|parse_numeric|parse_bignumeric|to(?:u?int|float|decimal)\d+|todate|todatetime)$/;

/** Aggregates that join many rows' values into one text (what an error-based leak converts). */
const TEXT_AGGREGATE =
  /\b(?:string_agg|group_concat|listagg|xmlagg|json_agg|jsonb_agg|array_agg|array_to_string|groupArray|arrayStringConcat|json_arrayagg|json_group_array)\s*\(/i;

/** A subquery in text[a, b) converted to another type that can only fail loudly: rows joined into text, or a secret table's rows. */
function conversionLeak(scan: SiteScan, a: number, b: number): boolean {
  if (!scan.hits(SELECT_WORD).has(a, b)) return false;
  if (scan.hits(TEXT_AGGREGATE).has(a, b)) return true;
  const from = scan.hits(FROM_NAME);
  const f = from.first(a, b);
  return f >= 0 && scan.once(`t${f}`, () => isSecretTable(from.groups[f]!));
}

/** A key compared with a negative number, two different constants, `AND false`: a filter that no row passes. */
const VOID_TEST = /\b(?:id|\w+_id)[`"\]]?\s*=\s*-\s*\d+\b|\b(\d+)\s*=\s*(?!\1\b)\d+\b|\band\s+false\b/i;

/** Where the first filter that no row passes sits after a WHERE (-1 when none): one scan of the text. */
function voidFilterAt(text: string): number {
  const where = text.search(/\bwhere\b/i);
  if (where < 0) return -1;
  const m = VOID_TEST.exec(text.slice(where));
  return m === null ? -1 : where + m.index;
}

/** The shape of injection in a statement, or undefined. */
function statementShape(tokens: readonly SqlToken[], text: string): string | undefined {
  if (orTautology(tokens, text))
    return 'an OR branch that is always true (a tautology that returns every row)';
  if (conditionalDelay(tokens, text)) return 'a time delay inside a query (a time-based blind probe)';
  // Each call's arguments are a span of the text, asked about through whole-text scans (linear in all).
  const close = matchTable(tokens);
  const scan = new SiteScan(text);
  const condition = firstCondition(tokens);
  const system = scan.hits(SYSTEM_VALUE);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || tokens[i + 1]?.value !== '(') continue;
    const a = tokens[i + 1]!.end;
    const b = close[i + 1]! < 0 ? text.length : tokens[close[i + 1]!]!.start;
    if (t.value === 'extractvalue' || t.value === 'updatexml') {
      // The XPath argument built at run time (concat(0x7e, ...)) is an error-based leak.
      const commas = scan.hits(COMMA);
      const c1 = commas.first(a, b);
      const c2 = c1 < 0 ? -1 : commas.first(commas.ends[c1]!, b);
      const end = c2 < 0 ? b : commas.starts[c2]!;
      const fixed =
        c1 >= 0 &&
        scan.once(`x${c1}:${end}`, () =>
          /^'[^']*'$|^"[^"]*"$|^\$\d+$|^\?$|^:\w+$/.test(text.slice(commas.ends[c1], end).trim()),
        );
      if (!fixed) return `${t.value}() with a computed XPath (an error-based leak)`;
    }
    // Only in a condition: `SELECT substring(version(), 1, 20)` reads the version for the user.
    if ((LEAK_WRAPPERS.has(t.value) || CONVERSION.test(t.value)) && condition < i) {
      if (system.has(a, b) || (scan.hits(SELECT_WORD).has(a, b) && oneCharacter(t.value, text, a, b)))
        return `${t.value}() of a system value or subquery (a blind or error-based probe)`;
      // CAST((SELECT password FROM users LIMIT 1) AS int): the failed conversion prints the secret.
      if (selectsSecret(scan, a, b))
        return `${t.value}() of a subquery that reads a secret column (an error-based leak)`;
      // CAST((SELECT string_agg(key, ',') FROM api_keys) AS int) (R22): a conversion of rows joined
      // into one text, or of a secret table's rows, fails with that text in the error message.
      if (CONVERSION.test(t.value) && conversionLeak(scan, a, b))
        return `${t.value}() of a subquery that reads a secret column (an error-based leak)`;
      // `AND (SELECT unicode(substr(value,1,1)) FROM secrets ...) > 100` (R21): a subquery in a
      // condition that yields one character of a value: the blind probe's question, asked from inside.
      if (probeSubquery(tokens, i, condition) && oneCharacter(t.value, text, a, b))
        return `${t.value}() of one character in a subquery inside a condition (a blind probe)`;
    }
    // CONCAT(0x7e, (SELECT user()), FLOOR(RAND(0)*2)): a delimiter in hex or CHAR() around a system
    // value or subquery marks the text an error message will leak.
    if (
      (t.value === 'concat' || t.value === 'concat_ws') &&
      scan.hits(DELIMITER).has(a, b) &&
      (system.has(a, b) || scan.hits(SELECT_WORD).has(a, b))
    )
      return 'a system value or subquery wrapped in delimiters for an error message to leak (an error-based probe)';
  }
  // `AND 1 = (SELECT CASE WHEN (SELECT count(*) FROM api_tokens) > 0 THEN 1/0 ELSE 1 END)`: an
  // error raised on a condition about data answers the blind probe's yes-or-no question.
  if (
    /\b(?:then|else)\s+\(?\s*\d+\s*\/\s*0(?![\d.])|\bif\s*\([^;]{0,200}?,\s*\d+\s*\/\s*0(?![\d.])/i.test(
      text,
    ) &&
    /\bwhere\b/i.test(text)
  )
    return 'a division by zero on a condition (an error-based blind probe)';
  // T-SQL `DECLARE @s ... = 0x7761...; EXEC(@s)`: SQL hidden as a hex literal and run.
  // The variable's type may stand between: `DECLARE @q nvarchar(200) 0x7300...; EXEC(@q)`.
  const hexRun =
    /@(\w+)(?:\s+[a-z]\w*(?:\s*\(\s*(?:\d+|max)\s*\))?)?\s*(?:=\s*)?0x[0-9a-f]{16,}[\s\S]*?\bexec(?:ute)?\s*\(?\s*@(\w+)/i.exec(
      text,
    );
  if (hexRun && hexRun[1]!.toLowerCase() === hexRun[2]!.toLowerCase())
    return 'SQL hidden in a hex literal and run with EXEC';
  const union = unionProbe(tokens, text);
  if (union) return union;
  // `... WHERE name = 'admin'--' AND password = ...`, `... ORDER BY 3--'`: a comment, right after
  // the query's text, that swallows the closing quote the application put after the value. The
  // gaps between tokens hold only space and comments.
  for (let i = 0; i < tokens.length; i++) {
    const gap = text.slice(tokens[i]!.end, tokens[i + 1]?.start ?? text.length);
    const cut = /(?:--|#)\s*(['"])([^\n]*)/.exec(gap);
    if (cut && cut[2]!.split(cut[1]!).length % 2 === 1)
      return 'a comment that cuts off the rest of the query after a quote';
  }
  // `SELECT * FROM items WHERE id = 1; UPDATE accounts SET balance = balance + 100000 WHERE id = 7; --`
  // (R16): a read whose value was closed, a write stacked after it, and an empty comment at the end
  // that swallows whatever the application put after the value. A script's own comments say something.
  if (
    tokens[0]?.value === 'select' &&
    /(?:--|#|\/\*)[\s;]*$/.test(text) &&
    /;\s*(?:update|insert|delete|drop|truncate|alter|create|grant|merge|replace|exec|execute|shutdown|rename)\b/i.test(
      text,
    )
  )
    return 'a write stacked after a read and an empty comment that cuts off the rest of the query';
  // `waitfor delay '0:0:5'--`, `IF(7423=7424) SELECT 7423 ELSE DROP FUNCTION x--`,
  // `select * from information_schema.tables--`: a probe (a delay, a branch on two constants, a
  // catalog or version read) closed by an empty comment that swallows the rest of someone's query.
  if (/(?:--|#)[\s;]*$/.test(text) && (DELAY.test(text) || SYSTEM_VALUE.test(text) || constantBranch(tokens)))
    return 'a probe (a delay, a constant test, a catalog read) ended by an empty comment that cuts off the rest of the query';
  return undefined;
}

/** `IF(1=2)`, `WHEN 5=5`: a branch on two constants, decided before any row is read (`WHERE 1=1 AND` is a query builder's). */
function constantBranch(tokens: readonly SqlToken[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || !['if', 'when'].includes(t.value)) continue;
    let j = i + 1;
    while (tokens[j]?.value === '(') j++;
    const a = tokens[j];
    const op = tokens[j + 1];
    const b = tokens[j + 2];
    if (
      a !== undefined &&
      op?.kind === 'op' &&
      b !== undefined &&
      num(a) !== undefined &&
      num(b) !== undefined
    )
      return true;
  }
  return false;
}

/** A UNION arm that reads the server's catalog or version, or only NULLs and numbers after a filter. */
function unionProbe(tokens: readonly SqlToken[], text: string): string | undefined {
  const voidAt = voidFilterAt(text);
  // Where the first WHERE ends: asked per arm, so not a scan of the text before each UNION.
  const where = /\bwhere\b/i.exec(text);
  const whereEnd = where === null ? Infinity : where.index + where[0].length;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.kind !== 'word' || tokens[i]!.value !== 'union') continue;
    const before = text.slice(0, tokens[i]!.start);
    const arm = text.slice(tokens[i]!.end);
    const armEnd = arm.search(/\bunion\b/i);
    const thisArm = armEnd < 0 ? arm : arm.slice(0, armEnd);
    if (SYSTEM_VALUE.test(thisArm) && !SYSTEM_VALUE.test(before))
      return 'a UNION SELECT that reads the server catalog or version';
    // `WHERE id = -1 UNION ALL SELECT concat(email, ':', salary) FROM hr.salaries` (R22): the first
    // arm is voided so that only another table's rows reach the page.
    if (
      voidAt >= 0 &&
      voidAt < tokens[i]!.start &&
      /^\s*(?:all\s+|distinct\s+)?\(?\s*select\b[\s\S]*?\bfrom\b/i.test(thisArm)
    )
      return 'a UNION SELECT of another table after a filter that no row passes';
    const items = /^\s*(?:all\s+|distinct\s+)?\(?\s*select\s+([\s\S]*?)(?:\bfrom\b|$|;|--|#)/i.exec(
      thisArm,
    )?.[1];
    if (
      items !== undefined &&
      whereEnd <= tokens[i]!.start &&
      items.split(',').every((x) => /^\s*(?:null|\d+|'[^']*'|"[^"]*")\s*\)?\s*$/i.test(x))
    )
      return 'a UNION SELECT of constants after a filter (a column-count probe)';
  }
  return undefined;
}

/** What a fragment does once it has closed the value, in words (empty when it only closes it). */
function afterBreak(tokens: readonly SqlToken[], text: string): string {
  if (orTautology(tokens, text)) return ' and adds an OR that is always true';
  if (/\bunion\b/i.test(text)) return ' and appends a UNION SELECT';
  if (DELAY.test(text)) return ' and adds a time delay';
  if (/;\s*\w/.test(text)) return ' and stacks a statement of its own';
  if (/--|#|\/\*/.test(text)) return ' and comments out the rest of the query';
  return '';
}

/** The shape of injection in a fragment (text that is not a statement), or undefined. */
function fragmentShape(tokens: readonly SqlToken[], text: string, unterminated: boolean): string | undefined {
  // A value then a closing quote or bracket: `admin'--`, `1' OR`, `') OR ('a'='a`, `%' AND`.
  if (/^\s*[\w@.%$\\-]*\s*['"`)]/.test(text))
    return `a fragment that closes a quoted value or bracket${afterBreak(tokens, text)}`;
  // Prose sent to a text-to-SQL tool: an apostrophe inside a word (`haven't`, `what's`) opens no value.
  if (unterminated && (oddCount(text.replace(/(?<=[A-Za-z])'(?=[A-Za-z])/g, ''), "'") || !/'/.test(text)))
    return 'a fragment with an unbalanced quote';
  const first = tokens[0];
  const second = tokens[1];
  const lead = (t: SqlToken | undefined): boolean =>
    t !== undefined &&
    ((t.kind === 'word' && CONNECTIVES.has(t.value)) ||
      (t.kind === 'op' && ['||', '&&', '+', '|'].includes(t.value)) ||
      t.value === ';');
  // ` OR 1=1`, `1 or sleep(5)#`, `;waitfor ...`, `||pg_sleep(5)`, `23 OR 1=1`, ` UNION SELECT`.
  if (lead(first) || (first !== undefined && first.kind !== 'op' && lead(second)))
    return 'a fragment that continues a query (OR, AND, UNION, ORDER BY, a stacked statement)';
  if (DELAY.test(text)) return 'a time delay in a fragment';
  if (/--|#|\/\*/.test(text) && tokens.length > 0) return 'a fragment that comments out the rest of a query';
  if (orTautology(tokens, text)) return 'an OR branch that is always true';
  if (/@@\w/.test(text) || /;\s*\S/.test(text))
    return 'a fragment that reads a server variable or stacks a statement';
  return undefined;
}

/** Words and marks without which a statement holds none of the statement shapes. */
const STATEMENT_GATE =
  /\b(?:or|xor|union|sleep|pg_sleep\w*|benchmark|randomblob|receive_message|extractvalue|updatexml|substring|substr|mid|ascii|ord|left|right|length|len|char_length|hex|unicode|instr|locate|cast|convert|exp|name_const|gtid_subset|json_keys|polygon|multipoint|geometrycollection|linestring|utl_inaddr|ctxsys|exec|execute|concat|concat_ws|to_number|to_decimal|to_numeric|to_double|parse_numeric|to(?:u?int|float|decimal)\d+)\b|\|\||--|#|@@|\/\s*0/i;

const oddCount = (text: string, quote: string): boolean => text.split(quote).length % 2 === 0;

/**
 * The fast path, before any lexing (most SQL an agent runs): a statement word first, quotes in
 * pairs and none of the statement shapes' words or marks.
 */
function plainStatement(text: string): boolean {
  const first = /^\s*([a-z_]+)\b/i.exec(text)?.[1];
  if (first === undefined || !STATEMENT_WORDS.has(first.toLowerCase())) return false;
  if (oddCount(text, "'") || oddCount(text, '"') || oddCount(text, '`')) return false;
  return !STATEMENT_GATE.test(text);
}

/**
 * A short description of the injection payload `input` is, or undefined. `lexes` are the lexes of
 * `input` the caller already has (src/engine/extract/sql.ts), read when decoding changes nothing.
 */
export function injectionShape(input: string, lexes?: Lexes): string | undefined {
  if (!GATE.test(input)) return undefined;
  const text = normalise(input);
  if (plainStatement(text)) return undefined;
  const lex: Lexes = lexes !== undefined && text === input ? lexes : (mysql) => lexSql(text, { mysql });
  const my = lex(true);
  // A leading `;` or `)` ends someone else's statement first: `;waitfor delay ...`, `); exec ...`.
  if (/^\s*[;)]/.test(text) || !opensStatement(my.tokens))
    return fragmentShape(my.tokens, text, my.unterminated);
  // Quoting broken in every dialect's reading: a value closed early (`'admin' OR '1'='1`).
  if (
    my.unterminated &&
    lex(false).unterminated &&
    /['"][^'"]*$/.test(text.replace(/--[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\//g, ''))
  )
    return 'a statement whose quoting is broken (a value closed early)';
  return statementShape(my.tokens, text);
}

/** A statement stacked after a payload: what it runs once the value is closed. */
const STACKED =
  /;\s*(?:drop|delete|truncate|update|insert|exec|execute|shutdown|waitfor|select|declare|create|alter|grant)\b/i;

/** A blind probe: a constant test continuing the query, or a column count ended by a comment. */
const PROBE =
  /^\s*(?:(?:and|or|having|where)\s+\(?\s*\d+\s*(?:=|<>|[<>!]=?)\s*\d|order\s+by\s+\d+\s*(?:--|#|\/\*|$))/i;

/**
 * The injection payload a quoted value of a query holds (`'" or "1"="1'`, `'1 waitfor delay ...'`):
 * a payload shape that also acts (an always-true OR, a UNION SELECT, a delay, a stacked statement),
 * so prose and punctuation in ordinary values (`'Order #42; see notes'`) carry none.
 */
export function valuePayload(value: string): string | undefined {
  const shape = injectionShape(value);
  if (shape === undefined) return undefined;
  const text = normalise(value);
  // `admin" or "1"="1`: read past the quote or bracket the payload closes first.
  const rest = text.replace(/^\s*[\w@.%$\\-]*\s*['"`)]+/, '');
  const acts =
    orTautology(lexSql(text, { mysql: true }).tokens, text) ||
    (rest !== text && orTautology(lexSql(rest, { mysql: true }).tokens, rest)) ||
    PROBE.test(rest) ||
    /\bunion\b[\s\S]*\bselect\b/i.test(text) ||
    DELAY.test(text) ||
    STACKED.test(text);
  return acts ? shape : undefined;
}
