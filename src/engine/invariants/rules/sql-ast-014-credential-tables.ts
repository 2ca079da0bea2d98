/** SQL-AST-014: reading credential tables (pg_shadow, pg_authid, mysql.user, sys.sql_logins ...) or UNION-injected password columns. */
import { isCredentialTable } from '../../knowledge/sql.js';
import type { SqlStmtFact } from '../../facts.js';
import {
  lastWrittenTable,
  notifiedSecret,
  secretCopy,
  secretRowColumns,
} from '../../knowledge/sql-trigger-copy.js';
import { defineRule } from '../define-rule.js';
import {
  SECRET_TABLE_COLUMN,
  isAccountTable,
  isSecretColumn,
  isSecretColumnIn,
  isSecretTable,
  secretJsonKey,
} from '../../knowledge/sql-secret-names.js';

/**
 * Catalogs whose secret sits in one column (red team r3 FP: `SELECT rolname FROM pg_authid` is a
 * role listing). A statement that selects only named columns, never the secret one, never the
 * whole row (`*`, the table or its alias as a value) and names the table once reads no secret.
 */
const SECRET_COLUMN: Readonly<Record<string, readonly string[]>> = {
  pg_authid: ['rolpassword'],
  pg_subscription: ['subconninfo'],
  pg_user_mapping: ['umoptions'],
  // r7 FP: `SELECT user, host FROM mysql.user` lists accounts; the hash is in these columns
  'mysql.user': ['authentication_string', 'password'],
};
/** MySQL has no whole-row value, so a column may share the table's name (`user`). */
const ROW_VALUES = new Set(['pg_authid', 'pg_subscription', 'pg_user_mapping']);
const PLAIN_SELECT =
  /^\s*select\s+(?:distinct\s+)?([\w\s,."`]+?)\s+from\s+(?:["`]?(pg_catalog|mysql)["`]?\s*\.\s*)?["`]?(\w+)["`]?(?:\s+(?:as\s+)?(?!where\b|order\b|limit\b|group\b)(\w+))?(?:\s+(?:where|order|limit|group)\b[\s\S]*)?\s*;?\s*$/i;

function readsNoSecret(text: string, table: string): boolean {
  const bare = table.split('.').pop()!;
  const key = table.startsWith('mysql.') ? table : bare;
  const secrets = SECRET_COLUMN[key];
  if (secrets === undefined) return false;
  const m = PLAIN_SELECT.exec(text);
  if (!m || m[3]!.toLowerCase() !== bare || key.startsWith('mysql.') !== (m[2]?.toLowerCase() === 'mysql'))
    return false;
  const lower = text.toLowerCase();
  const named = ROW_VALUES.has(key)
    ? lower.split(bare).length
    : lower.split(/\bmysql\W{0,3}\.\W{0,3}user\b/).length;
  if (secrets.some((c) => lower.includes(c)) || named !== 2) return false;
  const alias = m[4]?.toLowerCase();
  // The alias used as a value (not as `alias.column`) is the whole row.
  if (
    alias !== undefined &&
    new RegExp(String.raw`\b${alias}\b(?!\s*\.)`, 'g').exec(
      lower
        .slice(m.index + m[0].indexOf(m[3]!) + bare.length)
        .replace(new RegExp(String.raw`^[\s"\x60]+(?:as\s+)?${alias}\b`), ''),
    ) !== null
  )
    return false;
  return m[1]!.split(',').every((item) => {
    const col = /^\s*(?:["`]?\w+["`]?\s*\.\s*)?["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?\w+["`]?)?\s*$/
      .exec(item)?.[1]
      ?.toLowerCase();
    return (
      col !== undefined && (col !== bare || !ROW_VALUES.has(key)) && col !== alias && !secrets.includes(col)
    );
  });
}

/** A bare column in a select list: `SELECT a, t.b AS c FROM` yields a and b. */
const SELECT_ITEM =
  /(?:\bselect\b(?:\s+distinct)?|,)\s*(?:[\p{L}\p{N}_"`[\]]+\.)?["`[]?([\p{L}\p{N}_]+)["`\]]?(?=\s*(?:,|from\b|as\b)|\s+["`]?[\p{L}\p{N}_]+["`]?\s*(?:,|from\b))/giu;

/** Short secret names (`pw`, `hash`, `token`) a SELECT reads from a table of accounts (knowledge/sql-secret-names.ts). */
function shortSecrets(s: SqlStmtFact): string[] {
  if (s.statement !== 'select' || !s.readsTables.some(isAccountTable)) return [];
  const out: string[] = [];
  for (const m of s.text.matchAll(SELECT_ITEM)) {
    const col = m[1]!.toLowerCase();
    if (!out.includes(col) && s.readsTables.some((t) => isSecretColumnIn(col, t))) out.push(col);
  }
  return out;
}

/** A trigger's row (`NEW.x`, `OLD.x`): only then are trigger copies looked for. */
const ROW_REF = /\b(?:new|old)\s*\./i;

/**
 * A WHERE that picks accounts by their key (`id = $1`, `email = ?`, `user_id IN (...)`) and has no
 * OR: a login or a token check of the accounts named. A filter by state or period (`revoked_at IS
 * NULL`, `active`) picks every account in that state (red team r8: every live session token).
 */
const KEY_EQUALS =
  /\b["`]?(?:id|uuid|\w+_id|\w+_uuid|email|\w+_email|username|user_?name|login|handle|phone|slug|name|token|\w+_token|key|\w+_key|code|sid|jti)["`]?\s*(?:=\s*(?:\$\d+|\?|:\w+|@\w+|'[^']*'|-?\d+\b|%s|%\(\w+\)s)|in\s*\()/i;
/** Rows picked as expired, revoked or used (Django's clearsessions): their secrets no longer open anything. */
const DEAD_ROWS =
  /\b\w*(?:expir\w*|valid_until|valid_to)\s*<=?|\b\w*(?:revoked|invalidated|used|consumed)\w*\s+is\s+not\s+null|\b(?:is_)?(?:revoked|expired|invalidated|used|consumed)\s*(?:=\s*(?:true|1|'t')\s*)?(?:$|\band\b|;|\))/i;
function pinsRows(text: string): boolean {
  const where = /\bwhere\b([\s\S]*)$/i.exec(text)?.[1];
  return where !== undefined && !/\bor\b/i.test(where) && (KEY_EQUALS.test(where) || DEAD_ROWS.test(where));
}

/**
 * An application's password hashes read for every row (red team r7: Devise `encrypted_password`,
 * Authlogic `crypted_password`): a SELECT of the hash column itself, from a table, with no WHERE, one
 * that is always true or one that picks no account by its key. One account's hash looked up by its
 * key is a login check.
 */
function everyAccountsHash(s: SqlStmtFact, cols: readonly string[]): boolean {
  if (!readsEveryRow(s)) return false;
  for (const m of s.text.matchAll(SELECT_ITEM)) if (cols.includes(m[1]!.toLowerCase())) return true;
  return revealsThroughCalls(s.text, cols);
}

/**
 * Calls that hand their argument's content on (red team r10: `pgp_sym_decrypt(password_enc, k)`,
 * `encode(decrypt(secret_enc, ...))`): decryption, decoding, casts, text and aggregate functions.
 * A digest, a length or a count of the secret is not the secret.
 */
const REVEALING_CALL =
  /^(?:\w*decrypt\w*|encode|decode|convert_from|convert_to|convert|cast|try_cast|from_base64|to_base64|base64|hex|unhex|rawtohex|cast_to_varchar2|concat|concat_ws|coalesce|ifnull|nvl|trim|btrim|ltrim|rtrim|upper|lower|substr|substring|left|right|replace|translate|reverse|to_char|text|string_agg|group_concat|array_agg|json_agg|jsonb_agg|json_arrayagg|json_objectagg|listagg|json_build_object|jsonb_build_object|json_build_array|json_object|to_json|to_jsonb)$/;
/** A select item that tests or measures a value rather than returning it. */
const TESTS_VALUE =
  /\bis\s+(?:not\s+)?(?:null|true|false|distinct)\b|[=<>]|!=|\b(?:like|ilike|between|exists|in\s*\()/i;
const SELECT_LISTS = /\bselect\b([\s\S]*?)\bfrom\b/gi;
const CALL_OR_WORD = /([\w$.]+)?\s*\(|\)|[\w$]+/g;

/** A secret column returned through revealing calls only, in some select list. */
function revealsThroughCalls(text: string, cols: readonly string[]): boolean {
  for (const list of text.matchAll(SELECT_LISTS))
    for (const item of topLevelItems(list[1]!.replace(/'(?:[^']|'')*'/g, "''"))) {
      if (!item.includes('(') || TESTS_VALUE.test(item)) continue;
      const calls: string[] = [];
      for (const m of item.matchAll(CALL_OR_WORD)) {
        if (m[0] === ')') calls.pop();
        else if (m[0].endsWith('(')) calls.push((m[1] ?? '').toLowerCase().split('.').pop()!);
        else if (
          cols.includes(m[0].toLowerCase()) &&
          item[m.index - 1] !== ':' &&
          calls.every((c) => c === '' || REVEALING_CALL.test(c))
        )
          return true;
      }
    }
  return false;
}

/** A select list's items: split at commas outside parentheses. */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  items.push(list.slice(start));
  return items;
}

/** A read of table rows (a SELECT, or COPY of a query to the client) that pins no account by its key. */
function readsEveryRow(s: SqlStmtFact): boolean {
  const read = s.statement === 'select' || (s.statement === 'copy' && COPY_QUERY.test(s.text));
  if (!read || s.readsTables.length === 0) return false;
  return !(s.hasWhere !== false && s.tautologicalWhere !== true && pinsRows(s.text));
}
const COPY_QUERY = /^\s*copy\s*\(\s*(?:select|with)\b/i;
/** COPY of a table, optionally some of its columns, out to a file, a program or the client. */
const COPY_TABLE_OUT = /^\s*copy\s+([\w."]+)\s*(?:\(([^)]*)\))?\s+to\b/i;
/** The whole row selected: `SELECT *`, `SELECT t.*` (not `count(*)`). */
const WHOLE_ROW = /(?:\bselect\s+(?:distinct\s+)?|,\s*)(?:[\w"`[\]]+\.)?\*/i;
/** The select list: from SELECT to the first FROM (a JSON path read sits there). */
const SELECT_LIST = /\bselect\b([\s\S]*?)\bfrom\b/i;

/**
 * Secrets read for every row by a table's name or a JSON key (red team r9): the whole row or the
 * key/token column of a token, key or credential table (`SELECT * FROM oauth_clients`, DRF
 * `authtoken_token.key`), or a secret key of a JSON column (`config->>'api_secret'`).
 */
function secretRows(s: SqlStmtFact): string | undefined {
  const copied = COPY_TABLE_OUT.exec(s.text);
  if (copied && s.statement === 'copy') {
    const col = copied[2]
      ?.split(',')
      .map((c) => c.trim().replace(/["`]/g, ''))
      .find(isSecretColumn);
    if (col !== undefined)
      return `the statement copies the secret column ${col} of every row of ${copied[1]!}`;
    if (copied[2] === undefined && isSecretTable(copied[1]!))
      return `the statement copies every row of ${copied[1]!}, a table of secrets`;
  }
  if (!readsEveryRow(s)) return undefined;
  const table = s.readsTables.find(isSecretTable);
  if (table !== undefined) {
    if (WHOLE_ROW.test(s.text)) return `the statement reads every row of ${table}, a table of secrets`;
    for (const m of s.text.matchAll(SELECT_ITEM))
      if (SECRET_TABLE_COLUMN.test(m[1]!.toLowerCase()))
        return `the statement reads the ${m[1]!.toLowerCase()} column of every row of ${table}, a table of secrets`;
  }
  const list = SELECT_LIST.exec(s.text)?.[1];
  const named = list === undefined ? undefined : secretsByPattern(s.text, list);
  if (named !== undefined)
    return `the statement reads the values of every setting named like '${named}' from ${s.readsTables[0]!}`;
  const key = list === undefined ? undefined : secretJsonKey(list);
  return key === undefined
    ? undefined
    : `the statement reads the secret ${key} out of a JSON column for every row of ${s.readsTables[0]!}`;
}

/** A pattern match on a name (`name LIKE '%secret%'`, `key ~* 'token'`, `REGEXP 'password'`). */
const NAME_PATTERN =
  /\b(?:\w+_)?(?:name|key|k|setting|option|var|variable|param|parameter|label|path)["`\]]?\s*(?:(not\s+)?(?:i?like|similar\s+to|regexp|rlike|glob)\s+|~\*?\s*)'([^']{1,100})'/gi;
/** The value column of a key/value table (settings, config, env vars). */
const VALUE_COLUMN =
  /(?:^|[\s,.(])(?:\w+_)?(?:value|val|setting|settings|data|content|contents|v|\*)\s*(?:[,)]|\bas\b|$)/i;

/**
 * Key/value rows picked by a name pattern that names secrets (red team r10: `SELECT name, value
 * FROM settings WHERE name LIKE '%secret%'`): every stored secret of the kind, not one setting.
 */
function secretsByPattern(text: string, list: string): string | undefined {
  if (!VALUE_COLUMN.test(list.trim())) return undefined;
  const where = /\bwhere\b([\s\S]*)$/i.exec(text)?.[1];
  if (where === undefined) return undefined;
  for (const m of where.matchAll(NAME_PATTERN)) {
    if (m[1] !== undefined) continue;
    const pattern = m[2]!;
    const words = pattern.split(/[%*.?^$|()[\]\\+]+/).filter((w) => w.length > 2);
    if (words.some((w) => isSecretColumn(w) || /^(?:token|tokens|passwords|secrets)$/i.test(w)))
      return pattern;
  }
  return undefined;
}

export default defineRule({
  id: 'SQL-AST-014',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    'SELECTs from tables that hold password hashes, UNION SELECTs of password columns (the injected credential dump), and secret columns (passwords in any language, tokens, private keys, connection strings, card and identity numbers, by the shape of their names), whole rows of token/key tables and secret JSON keys read for every account rather than one account by its key.',
  remediationHint:
    'Do not read database credential tables or password hashes. Check access with has_table_privilege()/current_user, and ask the user when an account needs changing.',
  *check(facts) {
    // Text order: a trigger body the fallback split (`INSERT INTO t(c)` | `SELECT NEW.c`) reads on.
    const all = facts.of('sql');
    const rowRefs = all.some((s) => ROW_REF.test(s.text));
    let written: string | undefined;
    for (const s of rowRefs ? [...all].sort((a, b) => a.span.start - b.span.start) : all) {
      if (rowRefs) {
        const own = lastWrittenTable(s.text);
        const copy = secretCopy(secretRowColumns(s.text), own ?? written) ?? notifiedSecret(s.text);
        written = own ?? written;
        if (copy !== undefined) {
          yield { span: s.span, reason: copy, suggestedAlternative: null };
          continue;
        }
      }
      const table = s.readsTables.find(isCredentialTable);
      if (table !== undefined && !readsNoSecret(s.text, table)) {
        yield {
          span: s.span,
          reason: `the statement reads the credential table ${table}`,
          suggestedAlternative: null,
        };
        continue;
      }
      const cols = [...(s.credentialColumns ?? []), ...shortSecrets(s)];
      if (cols.length > 0 && s.union === true)
        yield {
          span: s.span,
          reason: `a UNION SELECT pulls the credential column ${cols[0]!}`,
          suggestedAlternative: null,
        };
      else if (cols.length > 0 && everyAccountsHash(s, cols))
        yield {
          span: s.span,
          reason: `the statement reads the secret column ${cols[0]!} of every row of ${s.readsTables[0]!}`,
          suggestedAlternative: null,
        };
      else {
        const rows = secretRows(s);
        if (rows !== undefined) yield { span: s.span, reason: rows, suggestedAlternative: null };
      }
    }
  },
  examples: {
    deny: [
      { input: 'SELECT usename, passwd FROM pg_shadow', runtime: 'sql' },
      { input: 'SELECT rolname, rolpassword FROM pg_catalog.pg_authid', runtime: 'sql' },
      { input: 'SELECT *FROM T UNION SELECT User,Password FROM `mysql`.`user`', runtime: 'sql' },
      { input: 'select * from(SELECT User,Password FROM MYSQL.USER) a', runtime: 'sql' },
      { input: 'SELECT name, password_hash FROM master.sys.sql_logins', runtime: 'sql' },
      { input: "' UNION SELECT username, password FROM users--", runtime: 'sql' },
      { input: 'SELECT subname, subconninfo FROM pg_subscription', runtime: 'sql' },
      { input: 'SELECT * FROM information_schema.user_mapping_options', runtime: 'sql' },
      { input: 'SELECT a FROM pg_authid a', runtime: 'sql' },
      { input: 'SELECT rolname FROM pg_authid WHERE rolpassword IS NOT NULL', runtime: 'sql' },
      { input: 'SELECT email, session_token FROM sessions WHERE revoked_at IS NULL', runtime: 'sql' },
      { input: 'SELECT * FROM oauth_clients', runtime: 'sql' },
      { input: 'SELECT holder_name, pan, cvv2 FROM stored_cards', runtime: 'sql' },
      {
        input:
          'CREATE TRIGGER steal AFTER INSERT ON payments FOR EACH ROW INSERT INTO public_notes(body) SELECT NEW.card_number',
        runtime: 'sql',
      },
    ],
    allow: [
      {
        input: 'SELECT id, password_hash FROM users WHERE email = $1',
        runtime: 'sql',
        why: 'an application login lookup of one row',
      },
      { input: "select 'mysql.user'", runtime: 'sql', why: 'the name is a string literal' },
      {
        input: 'SELECT name FROM sqlite_master WHERE type = $1',
        runtime: 'sql',
        why: 'schema metadata holds no credentials',
      },
      { input: 'SELECT usename FROM pg_user', runtime: 'sql', why: 'pg_user masks the password column' },
      {
        input: 'SELECT rolname FROM pg_authid WHERE rolname = current_user',
        runtime: 'sql',
        why: 'role names only',
      },
      {
        input: 'SELECT a.rolname, a.rolsuper FROM pg_catalog.pg_authid AS a ORDER BY 1',
        runtime: 'sql',
        why: 'role attributes only',
      },
      { input: 'SELECT user, host FROM mysql.user', runtime: 'sql', why: 'account names, not their hashes' },
      {
        input: 'SELECT subname, subenabled FROM pg_subscription',
        runtime: 'sql',
        why: 'subscription state only',
      },
    ],
  },
});
