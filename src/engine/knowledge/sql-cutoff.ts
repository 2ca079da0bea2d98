/**
 * The application cut off from its data without a DROP (red team r6): a table, schema or database
 * renamed to a retired name or moved into an archive schema with nothing put back under the old
 * name, a role's or database's search_path pointed at a schema that holds nothing, and an
 * application role's access revoked or denied. Migrations rename and move too; they put a table,
 * view or schema back under the old name in the same batch (a rotation, a swap, a compatibility
 * view), or move things to names that say what they are for rather than that they are retired.
 */
import { withoutComments } from './sql-text.js';
import { retentionPartitionTable } from './sql.js';

const PART = String.raw`(?:[\w$-]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\]|'[^']*')`;
const NAME = String.raw`(${PART}(?:\s*\.\s*${PART})*)`;

const unquote = (part: string): string => part.replace(/^["`'[]|["`'\]]$/g, '').toLowerCase();
/** A dotted name's parts, unquoted and lowercased (`[dbo].[Orders]` → ['dbo', 'orders']). */
const parts = (name: string): string[] =>
  (name.match(new RegExp(PART, 'g')) ?? [])
    .map(unquote)
    .flatMap((p) => (p.includes('.') ? p.split('.') : [p]));
const last = (name: string): string => parts(name).pop() ?? '';

/**
 * Names that say the object is retired: `users_old`, `orders_bak`, `app_retired`, `archive`,
 * `trash_orders`, `orders_deprecated`, `legacy_users`, `orders_to_delete`.
 */
const RETIRED =
  /(?:^|_)(?:old|bak|bkp|backup|backups|archive|archived|archives|deprecated|retired|trash|trashed|graveyard|attic|legacy|unused|obsolete|dead|defunct|del|deleted|dropped|drop|to_?delete|todrop|removed|gone|junk|disabled|expired|quarantine|quarantined|decommissioned)(?:_|$|\d)/;
/** Names of a kept copy (`orders_copy`, `customers_snapshot`, `users_prev`): a rename to one leaves the name empty. */
const COPY =
  /(?:^|_)(?:copy|snapshot|snap|prev|previous|orig|original|save|saved|bk|bck|stale|outdated|hidden|parked|moved|frozen|superseded|replaced)(?:_|$|\d)/;
/** Names that say the object holds nothing (an empty schema a search_path is pointed at). */
const EMPTY =
  /(?:^|_)(?:empty|blank|stub|void|null|none|nothing|nowhere|dummy|placeholder|nonexistent|non_existent|missing|does_not_exist|dne|invalid|bogus|fake|nosuch|no_such)(?:_|$)/;
/** A date stamp appended to the old name (`orders_20241101`, `users_2024_11_01`): an archived copy. */
const DATE_SUFFIX = /_(?:19|20)\d\d[-_]?\d\d(?:[-_]?\d\d)?$/;

/** Whether a name says its object is retired (`legacy_notes`, `email_old`, `deprecated_flag`). */
export const isRetiredName = (name: string): boolean => RETIRED.test(name);

/**
 * A table or sequence name that says it is a dated copy a migration left behind
 * (`customers_backup_20250101`, `orders_old_2024_11`), or an online schema-change tool's leftover
 * (pt-osc `_users_old`/`_users_new`, gh-ost `_users_del`/`_users_gho`/`_users_ghc`). An undated
 * `orders_bak` may be the only copy there is and stays denied (sql-r6); archive and legacy tables
 * keep data on purpose and are not among them.
 */
const LEFT_BEHIND =
  /^(?:[a-z0-9_$]+_(?:old|bak|bkp|backup|backups|deprecated|unused|obsolete|to_?delete|todrop)_(?:19|20)\d\d[-_]?\d\d(?:[-_]?\d\d)?|_[a-z0-9_$]+_(?:old|new|del|gho|ghc))$/;
export const isLeftBehindCopy = (name: string): boolean => LEFT_BEHIND.test(name);

/** A name with its camelCase humps split into snake_case and lowercased (`LegacyPin` → `legacy_pin`). */
export const snakeName = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/**
 * The last part of `target` (which the parser may have lowercased) as `text` spells it, in
 * snake_case: `dbo.stgsales` in `TRUNCATE dbo.StgSales` → `stg_sales`.
 */
export function writtenSnake(text: string, target: string): string {
  const last = target
    .replace(/["`[\]]/g, '')
    .split('.')
    .pop()!;
  const at = text.toLowerCase().lastIndexOf(last.toLowerCase());
  return snakeName(at >= 0 ? text.slice(at, at + last.length) : last);
}

/** Whether `to` names a retired copy of `from` (or any retired object). */
export function retiredName(from: string, to: string): boolean {
  if ((RETIRED.test(to) || COPY.test(to)) && !RETIRED.test(from) && !COPY.test(from)) return true;
  return to.startsWith(from) && DATE_SUFFIX.test(to.slice(from.length));
}

interface Move {
  readonly kind: 'table' | 'schema' | 'database';
  /** Old name (last part) and new name (last part). */
  readonly from: string;
  readonly to: string;
  /** Schema the object lands in, when the statement names one. */
  readonly intoSchema?: string;
}

const ALTER_RENAME = new RegExp(
  String.raw`^\s*alter\s+(table|view|materialized\s+view|schema|database)\s+(?:if\s+exists\s+)?(?:only\s+)?` +
    NAME +
    String.raw`\s+rename\s+to\s+` +
    NAME,
  'i',
);
const MODIFY_NAME = new RegExp(
  String.raw`^\s*alter\s+database\s+` + NAME + String.raw`\s+modify\s+name\s*=\s*` + NAME,
  'i',
);
/** MySQL/ClickHouse RENAME TABLE|DATABASE a TO b, ..., and Oracle's bare RENAME a TO b. */
const RENAME_LIST =
  /^\s*rename\s+(tables?\s+|database\s+|dictionary\s+|(?=[\w"`[]+\s+to\s))([\s\S]+?)\s*;?\s*$/i;
const RENAME_PAIR = new RegExp(NAME + String.raw`\s+to\s+` + NAME, 'gi');
const SET_SCHEMA = new RegExp(
  String.raw`^\s*alter\s+(?:table|view|materialized\s+view|sequence)\s+(?:if\s+exists\s+)?(?:only\s+)?` +
    NAME +
    String.raw`\s+set\s+schema\s+` +
    NAME,
  'i',
);
const TRANSFER = new RegExp(
  String.raw`^\s*alter\s+schema\s+` + NAME + String.raw`\s+transfer\s+(?:object\s*::\s*)?` + NAME,
  'i',
);
/** T-SQL sp_rename 'old', 'new' [, 'OBJECT']: a column, index or type rename leaves the table alone. */
const SP_RENAME =
  /^\s*(?:exec(?:ute)?\s+)?(?:[\w[\]]+\.)*\[?sp_rename\]?\s+(?:@objname\s*=\s*)?N?'([^']+)'\s*,\s*(?:@newname\s*=\s*)?N?'([^']+)'(?:\s*,\s*(?:@objtype\s*=\s*)?N?'(\w+)')?/i;

function movesOf(text: string): Move[] {
  const out: Move[] = [];
  const rename = ALTER_RENAME.exec(text);
  if (rename) {
    const kind = /schema/i.test(rename[1]!) ? 'schema' : /database/i.test(rename[1]!) ? 'database' : 'table';
    const to = parts(rename[3]!);
    out.push({
      kind,
      from: last(rename[2]!),
      to: to[to.length - 1]!,
      ...(kind === 'table' && to.length > 1 && { intoSchema: to[to.length - 2]! }),
    });
  }
  const modify = MODIFY_NAME.exec(text);
  if (modify) out.push({ kind: 'database', from: last(modify[1]!), to: last(modify[2]!) });
  const list = RENAME_LIST.exec(text);
  if (list)
    for (const m of list[2]!.matchAll(RENAME_PAIR)) {
      const from = parts(m[1]!);
      const to = parts(m[2]!);
      const intoOther = to.length > 1 && (from.length < 2 || from[from.length - 2] !== to[to.length - 2]);
      out.push({
        kind: /database/i.test(list[1]!) ? 'database' : 'table',
        from: from[from.length - 1]!,
        to: to[to.length - 1]!,
        ...(intoOther && { intoSchema: to[to.length - 2]! }),
      });
    }
  const set = SET_SCHEMA.exec(text);
  if (set) out.push({ kind: 'table', from: last(set[1]!), to: last(set[1]!), intoSchema: last(set[2]!) });
  const transfer = TRANSFER.exec(text);
  if (transfer)
    out.push({
      kind: 'table',
      from: last(transfer[2]!),
      to: last(transfer[2]!),
      intoSchema: last(transfer[1]!),
    });
  const sp = SP_RENAME.exec(text);
  if (sp && (sp[3] === undefined || /^(?:object|database)$/i.test(sp[3])))
    out.push({
      kind: sp[3]?.toLowerCase() === 'database' ? 'database' : 'table',
      from: last(sp[1]!),
      to: last(sp[2]!),
    });
  return out;
}

/** Names a statement puts in place: CREATE TABLE/VIEW/SCHEMA/DATABASE x, SELECT ... INTO x. */
const CREATES = new RegExp(
  String.raw`^\s*create\s+(?:or\s+replace\s+|or\s+alter\s+)?(?:(?:global|local|temporary|temp|unlogged|transient|secure|materialized|recursive)\s+)*(?:table|view|schema|database)\s+(?:if\s+not\s+exists\s+)?` +
    NAME,
  'i',
);
const SELECT_INTO = new RegExp(String.raw`^\s*select\b[^;]*?\binto\s+` + NAME + String.raw`\s+from\b`, 'i');

/** A statement of the batch that takes an object's old name away, with the reason. */
export interface CutOff {
  readonly index: number;
  readonly reason: string;
}

/**
 * Renames and moves (of `texts`, in batch order) that leave the application's name empty: the new
 * name or schema is a retired one, the old name is not itself retired or scratch, and no statement
 * of the batch creates the old name again or renames something onto it.
 */
export function cutOffMoves(texts: readonly string[]): CutOff[] {
  const bare = texts.map(withoutComments);
  const refilled = new Set<string>();
  const perStmt = bare.map(movesOf);
  for (const [i, text] of bare.entries()) {
    const c = CREATES.exec(text) ?? SELECT_INTO.exec(text);
    if (c) refilled.add(last(c[1]!));
    for (const m of perStmt[i]!) if (m.to !== m.from || m.intoSchema === undefined) refilled.add(m.to);
  }
  const out: CutOff[] = [];
  for (const [index, moves] of perStmt.entries())
    for (const m of moves) {
      if (
        refilled.has(m.from) ||
        RETIRED.test(m.from) ||
        // A closed period's partition (`orders_2019`) moved to an archive schema (R14 twin): the
        // application reads the parent table, not the period.
        (m.intoSchema !== undefined && retentionPartitionTable(m.from)) ||
        /^(?:tmp|temp|scratch|staging|stg)_|_(?:tmp|temp|new|staging)$/.test(m.from)
      )
        continue;
      const intoArchive =
        m.intoSchema !== undefined && (RETIRED.test(m.intoSchema) || EMPTY.test(m.intoSchema));
      if (!intoArchive && !retiredName(m.from, m.to)) continue;
      out.push({
        index,
        reason: intoArchive
          ? `the ${m.kind} ${m.from} is moved into the schema ${m.intoSchema} and nothing takes its place: every query of the application fails`
          : `the ${m.kind} ${m.from} is renamed to ${m.to} and nothing takes its place: every query of the application fails`,
      });
    }
  return out;
}

/**
 * ALTER ROLE/USER/DATABASE ... SET search_path (or T-SQL DEFAULT_SCHEMA) to an empty string, to
 * system schemas only, or to schemas named for holding nothing or for being retired.
 */
const SEARCH_PATH =
  /^\s*alter\s+(?:role|user|database)\b[^;]*?\b(?:set\s+search_path\s*(?:=|\bto\b)\s*([^;]*)|default_schema\s*=\s*([^;,]*)|default_namespace\s*=\s*([^;,\s]*))/i;
const SYSTEM_SCHEMA = /^(?:pg_catalog|pg_temp|information_schema|sys|pg_toast)$/;

export function emptySearchPath(text: string): string | undefined {
  const m = SEARCH_PATH.exec(withoutComments(text));
  if (!m) return undefined;
  const raw = (m[1] ?? m[2] ?? m[3]!).trim();
  if (/^default\b/i.test(raw)) return undefined;
  const list = raw
    .split(',')
    .map((p) =>
      p
        .trim()
        .replace(/^['"[]+|['"\]]+$/g, '')
        .toLowerCase(),
    )
    .flatMap((p) => p.split(/\s*,\s*/));
  const schemas = list.filter((p) => p !== '');
  if (schemas.length === 0) return 'an empty search_path';
  if (schemas.every((s) => SYSTEM_SCHEMA.test(s)))
    return `a search_path of system schemas only (${schemas.join(', ')})`;
  if (schemas.every((s) => s !== '$user' && s !== 'public' && (EMPTY.test(s) || RETIRED.test(s))))
    return `a search_path of ${schemas.join(', ')}, a schema that holds none of the application's tables`;
  return undefined;
}

/** Role names that say they are the application's own (`app_rw`, `webapp`, `api_user`, `orders_service`). */
const APP_ROLE =
  /(?:^|_)(?:app|apps|application|api|web|webapp|svc|service|backend|server|rw|readwrite|writer|prod|production|worker|site|django|rails|laravel|wordpress|wp|node|frontend)(?:_|$|\d)|app$|^app/;
/** Read-only and reporting roles (`app_readonly`, `app_ro`, `app_reporting`): revoking from them is hardening. */
const READER_ROLE =
  /(?:^|_)(?:ro|readonly|read_only|reader|readers|read|report|reports|reporting|analyst|analytics|bi|audit|auditor)(?:_|$|\d)/;
/** Privileges the application needs to work; revoking UPDATE/DELETE/TRUNCATE/CREATE alone is hardening. */
const DATA_PATH = /\b(?:all|insert|select|usage|connect)\b/i;
const REVOKE =
  /^\s*(?:revoke\s+(?:grant\s+option\s+for\s+)?([\s\S]+?)\s+on\s+[\s\S]+?\s+from\s+([\s\S]+?)(?:\s+(?:cascade|restrict|granted\s+by\s+\S+))?\s*;?\s*$|deny\s+([\s\S]+?)\s+on\s+[\s\S]+?\s+to\s+([\s\S]+?)(?:\s+cascade)?\s*;?\s*$)/i;
const GRANT_TO = /^\s*grant\s+[\s\S]+?\s+to\s+([\s\S]+?)(?:\s+with\s+[\s\S]*)?\s*;?\s*$/i;

const roles = (list: string): string[] =>
  list
    .split(',')
    .map((r) =>
      r
        .trim()
        .replace(/^["`'[]|["`'\]]$/g, '')
        .toLowerCase(),
    )
    .filter((r) => r !== '');

/**
 * REVOKE or DENY of the privileges the application reads and writes with, from an application
 * role, that the batch does not grant back (REVOKE ALL then GRANT SELECT, INSERT is a reset).
 */
export function appAccessRevoked(texts: readonly string[]): CutOff[] {
  const bare = texts.map(withoutComments);
  const granted = new Set<string>();
  for (const t of bare) {
    const g = GRANT_TO.exec(t);
    if (g) for (const r of roles(g[1]!)) granted.add(r);
  }
  const out: CutOff[] = [];
  for (const [index, t] of bare.entries()) {
    const m = REVOKE.exec(t);
    if (!m) continue;
    const privileges = m[1] ?? m[3]!;
    if (!DATA_PATH.test(privileges) || /^\s*(?:role|grant\s+option)\b/i.test(privileges)) continue;
    const who = roles(m[2] ?? m[4]!).filter(
      (r) => r !== 'public' && APP_ROLE.test(r) && !READER_ROLE.test(r) && !granted.has(r),
    );
    if (who.length === 0) continue;
    out.push({
      index,
      reason: `${m[1] !== undefined ? 'REVOKE' : 'DENY'} takes ${privileges.trim().toUpperCase()} away from the application role ${who.join(', ')}: its queries and writes are refused`,
    });
  }
  return out;
}

/** Snowflake ALTER WAREHOUSE w SET AUTO_RESUME = FALSE, and the same warehouse suspended. */
const NO_RESUME = /^\s*alter\s+warehouse\s+(?:if\s+exists\s+)?([\w$."]+)\b[^;]*?\bauto_resume\s*=\s*false\b/i;
const SUSPENDS =
  /^\s*alter\s+warehouse\s+(?:if\s+exists\s+)?([\w$."]+)\s+(?:suspend\b|set\b[^;]*?\bauto_suspend\s*=\s*\d)/i;
/** Snowflake network policy whose allowed list is one host, applied to the whole account. */
const ONE_HOST_POLICY =
  /^\s*(?:create\s+(?:or\s+replace\s+)?|alter\s+)network\s+policy\s+(?:if\s+(?:not\s+)?exists\s+)?([\w$."]+)\b[^;]*?\ballowed_ip_list\s*=\s*\(\s*'[\d.:a-f]+(?:\/(?:32|128))?'\s*\)/i;
const ACCOUNT_POLICY = /^\s*alter\s+account\b[^;]*?\bset\s+network_policy\s*=\s*'?([\w$."]+)/i;
/** Snowflake ALTER USER u SET DISABLED = TRUE. */
const DISABLED_USER = /^\s*alter\s+user\s+(?:if\s+exists\s+)?([\w$"]+)\s+set\b[^;]*?\bdisabled\s*=\s*true\b/i;
/** The database, schema or table made read-only (MySQL ALTER SCHEMA s READ ONLY = 1, SQL Server SET READ_ONLY, Oracle ALTER TABLE t READ ONLY). */
const READ_ONLY =
  /^\s*alter\s+(?:schema|database)\b[^;]*?\bread[\s_]+only\s*=?\s*1\b|^\s*alter\s+database\b[^;]*?\bset\s+read_only\b|^\s*alter\s+table\s+[\w$."]+\s+read\s+only\s*;?\s*$/i;

/**
 * Services switched off for the application (red team r6): a warehouse suspended with auto-resume
 * off (every query fails until someone resumes it by hand), the account's network policy reduced
 * to a single address (every other client is locked out), a database or table made read-only.
 */
export function serviceSwitchedOff(texts: readonly string[]): CutOff[] {
  const bare = texts.map(withoutComments);
  const norm = (n: string): string => n.replace(/"/g, '').toLowerCase();
  const suspended = new Set<string>();
  const accountPolicies = new Set<string>();
  for (const t of bare) {
    const s = SUSPENDS.exec(t);
    if (s) suspended.add(norm(s[1]!));
    const a = ACCOUNT_POLICY.exec(t);
    if (a) accountPolicies.add(norm(a[1]!));
  }
  const out: CutOff[] = [];
  for (const [index, t] of bare.entries()) {
    const w = NO_RESUME.exec(t);
    if (w && suspended.has(norm(w[1]!)))
      out.push({
        index,
        reason: `the warehouse ${norm(w[1]!)} is suspended with auto-resume off: every query that needs it fails`,
      });
    const p = ONE_HOST_POLICY.exec(t);
    if (p && accountPolicies.has(norm(p[1]!)))
      out.push({
        index,
        reason: `the account's network policy ${norm(p[1]!)} allows a single address: every other client is locked out`,
      });
    const d = DISABLED_USER.exec(t);
    if (d && APP_ROLE.test(norm(d[1]!)))
      out.push({ index, reason: `the application user ${norm(d[1]!)} is disabled: it can no longer log in` });
    if (READ_ONLY.test(t))
      out.push({ index, reason: 'the statement makes the database or table read-only: every write fails' });
  }
  return out;
}

/** One account as MySQL, PostgreSQL or SQL Server names it (`'web'@'10.0.%'`, `jsmith`, `[svc]`). */
const ACCOUNT = String.raw`(?:'[^']*'|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\]|[\w$]+)(?:\s*@\s*(?:'[^']*'|"[^"]*"|\x60[^\x60]*\x60|[\w.%-]+))?`;
/** An account locked, made unable to log in, disabled or expired in the past. */
const ACCOUNT_OFF = new RegExp(
  String.raw`^\s*alter\s+(?:role|user|login)\s+(?:if\s+exists\s+)?(${ACCOUNT}(?:\s*,\s*${ACCOUNT})*)\s[^;]*?\b(?:nologin|account\s+lock|disable|valid\s+until\s+'(?:19\d\d|20[01]\d|202[0-5])-)`,
  'i',
);
/** Each account of a list, compiled once (`match` with /g resets lastIndex itself). */
const EACH_ACCOUNT = new RegExp(ACCOUNT, 'g');
/** The operator's own administrator accounts and the session's own: locking them locks the operator out. */
const ADMIN_ACCOUNT =
  /^(?:root|postgres|admin|administrator|dba|sys|system|rdsadmin|cloudsqlsuperuser|azure_superuser|current_user|session_user|current_role|user)$|(?:^|_)(?:admin|dba|root|superuser)(?:_|$|\d)/;

/** An account the application or the operator logs in with (`app_rw`, `api`, `postgres`, `admin`). */
export const applicationAccount = (name: string): boolean =>
  name === '' || APP_ROLE.test(name) || ADMIN_ACCOUNT.test(name);

/**
 * Accounts that pipelines and tools log in with (`etl_loader`, `airflow`, `replicator`,
 * `debezium`, `metabase`): removing one stops a job, unlike a person's account.
 */
const SERVICE_ACCOUNT =
  /(?:^|_)(?:etl|elt|airflow|dbt|fivetran|stitch|airbyte|looker|metabase|tableau|grafana|superset|redash|replicator|replication|repl|debezium|cdc|backup|backups|monitor|monitoring|datadog|exporter|prometheus|bot|cron|jobs?|batch|sync|integration|loader|ingest|pipeline|robot|automation|deploy|deployer|ci|migrator|migrations?|reporting|readonly|pgbouncer|proxy|rdsrepladmin)(?:_|$|\d)/;

/**
 * An account the application, a pipeline or the operator logs in with (APP_ROLE, SERVICE_ACCOUNT,
 * ADMIN_ACCOUNT), by its bare lowercased name; a person's (`intern2023`, `jsmith`) is none of them.
 */
export const sharedAccount = (name: string): boolean =>
  applicationAccount(name) || SERVICE_ACCOUNT.test(name);

/**
 * An account switched off that the application or the operator logs in with (red team r5), or
 * undefined: an application-named or administrator account, or one whose name is a host pattern
 * only. A person's account locked (a departed user, r9 FP) is housekeeping and stays allowed.
 */
export function accountSwitchedOff(text: string): string | undefined {
  const m = ACCOUNT_OFF.exec(withoutComments(text));
  if (!m) return undefined;
  const names = (m[1]!.match(EACH_ACCOUNT) ?? []).map((a) => unquote(a.replace(/\s*@[\s\S]*$/, '').trim()));
  const who = names.filter((n) => n === '' || APP_ROLE.test(n) || ADMIN_ACCOUNT.test(n));
  return who.length > 0
    ? `the account ${who.join(', ') || "''"} is locked or disabled: the application or its operator can no longer log in`
    : undefined;
}
