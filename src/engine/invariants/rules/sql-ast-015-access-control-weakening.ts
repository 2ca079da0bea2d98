/**
 * SQL-AST-015: statements that take over accounts or switch off the database's own access
 * controls (red team r1): another account's password set, ownership handed to another role, row
 * level security, triggers or replication logging switched off for the session or table; a sign-in
 * routine replaced by one that also accepts a constant (R18; knowledge/sql-login-backdoor.ts).
 */
import type { SqlStmtFact } from '../../facts.js';
import { firstMatch, textVariants, withoutComments } from '../../knowledge/sql-text.js';
import { auditTrailRewrite } from '../../knowledge/sql-audit-trail.js';
import { offboardingStatements } from '../../knowledge/sql-offboard.js';
import { loginBackdoor } from '../../knowledge/sql-login-backdoor.js';
import { defineRule } from '../define-rule.js';

/** Leading whitespace and comments before a statement's first keyword. */
const LEAD = String.raw`^(?:\s|--[^\n]*(?:\n|$)|/\*[\s\S]*?\*/)*`;

/**
 * Application and service roles (`app_readonly`, `svc_etl`, `api_rw`, `grafana_reader`) whose
 * passwords rotate on a schedule (r8 FP); administrators, built-in and personal accounts are absent.
 */
const SERVICE_ROLE =
  /^(?!\w*(?:admin|root|super|owner|dba|sys|postgres|master|sa$))(?:(?:app|svc|service|api|web|worker|ci|etl|bot|job|cron|batch|report|reporting|analytics|readonly|reader|monitor|monitoring|metrics|grafana|metabase|airflow|dbt|backup|replicator)(?:_\w+)?|\w+_(?:app|svc|service|api|ro|rw|readonly|reader|readers|writer|ci|etl|bot|worker|job|monitor|user))$/i;
/**
 * Only a new password (and its expiry) for one account: PostgreSQL, MySQL, SQL Server and Snowflake
 * (`SET PASSWORD =`) forms; the password a literal, a psql variable (`:'new_app_password'`, R14
 * twin), a driver parameter, or a T-SQL or Snowflake variable (`@NewPassword`, `$NEW_PW`).
 */
const ROTATION =
  /^\s*alter\s+(?:user|role|login)\s+(?:if\s+exists\s+)?["'`[]?(\w+)["'`\]]?(?:@["'`]?[\w.%-]+["'`]?)?\s+(?:with\s+|set\s+)?(?:encrypted\s+)?(?:password\s*=?\s*|identified\s+by\s+)(?:'[^']*'|:'\w+'|:"\w+"|:\w+|\$\d+|\$[a-z_]\w*|@\w+|\?|%\(\w+\)s|%s)(?:\s+valid\s+until\s+'[^']*'|\s+must_change_password\s*=\s*(?:true|false))?\s*;?\s*$/i;

/** A service role's password rotated, nothing else about it changed. */
const serviceRotation = (text: string): boolean => {
  const m = ROTATION.exec(withoutComments(text));
  return m !== null && SERVICE_ROLE.test(m[1]!);
};

/**
 * An audit function named for taking its rules away (r9: MySQL audit_log_filter_remove_user('%'),
 * audit_log_filter_remove_filter), or a filter that logs nothing set for every account.
 */
const AUDIT_FUNCTION_OFF = /^\w*audit\w*?_(?:remove|delete|drop|disable|unset|clear|flush|purge)\w*$/i;
const AUDIT_FILTER_OFF =
  /\baudit_log_filter_set_user\s*\(\s*'%'\s*,\s*'[^']*(?:none|off|nothing|no_?log)[^']*'|\baudit_log_filter_set_filter\s*\([^;]*?"log"\s*:\s*false/i;

const CHECKS: readonly {
  readonly pattern: RegExp;
  readonly reason: string;
  readonly unless?: (text: string) => boolean;
}[] = [
  {
    // SQL Server TRUSTWORTHY / DB_CHAINING: code in the database runs with server-wide rights (r5).
    pattern: new RegExp(
      LEAD + String.raw`alter\s+database\b[^;]*?\bset\s+(?:trustworthy|db_chaining)\s+on\b`,
      'i',
    ),
    reason: 'TRUSTWORTHY/DB_CHAINING ON lets code in the database act with server-wide rights',
  },
  {
    // MySQL audit, password-policy, connection-control and firewall plugins or components removed (r5).
    pattern: new RegExp(
      LEAD +
        String.raw`uninstall\s+(?:plugin|component)\b[^;]*?(?:audit|validate_password|password|connection_control|firewall|keyring|authentication|login)`,
      'i',
    ),
    reason: 'the statement removes an audit, password-policy or access-control plugin from the server',
  },
  {
    // PostgreSQL/MySQL/Oracle ALTER USER|ROLE ... PASSWORD / IDENTIFIED BY, SQL Server ALTER LOGIN.
    pattern: new RegExp(
      // MySQL password policy clauses (PASSWORD EXPIRE, HISTORY, REUSE INTERVAL) set no password.
      LEAD +
        String.raw`alter\s+(?:user|role|login)\b[\s\S]*?\b(?:password(?!\s+(?:expire(?!\s+never)|history|reuse|require))|identified\s+(?:by|with))\b`,
      'i',
    ),
    reason: "the statement sets an existing account's password (account takeover or lockout)",
    unless: serviceRotation,
  },
  {
    pattern: new RegExp(LEAD + String.raw`set\s+password\b`, 'i'),
    reason: "SET PASSWORD changes an account's password (account takeover or lockout)",
  },
  {
    pattern: new RegExp(LEAD + String.raw`(?:exec(?:ute)?\s+)?(?:\w+\.)*sp_password\b`, 'i'),
    reason: "sp_password changes a login's password (account takeover or lockout)",
  },
  {
    pattern: new RegExp(LEAD + String.raw`reassign\s+owned\s+by\b`, 'i'),
    reason: 'REASSIGN OWNED hands every object a role owns to another role',
  },
  {
    pattern: new RegExp(LEAD + String.raw`alter\s+(?:user|role)\b[\s\S]*?\bbypassrls\b`, 'i'),
    reason: 'BYPASSRLS lets the role read and change every row regardless of row level security',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`alter\s+table\b[\s\S]*?\b(?:disable|no\s+force)\s+row\s+level\s+security\b`,
      'i',
    ),
    reason: 'the statement switches off row level security on the table',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`set\s+(?:session\s+|local\s+)?row_security\s*(?:=|to)\s*'?(?:off|false|0)\b`,
      'i',
    ),
    reason: 'the statement switches off row level security for the session',
  },
  {
    pattern: new RegExp(LEAD + String.raw`alter\s+table\b[\s\S]*?\bdisable\s+trigger\b`, 'i'),
    reason: 'the statement disables triggers on the table (audit and integrity triggers stop firing)',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`set\s+(?:session\s+|local\s+)?session_replication_role\s*(?:=|to)\s*'?replica\b`,
      'i',
    ),
    reason: 'session_replication_role = replica stops triggers and foreign-key checks for the session',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`set\s+(?:session\s+|@@session\.)?sql_log_bin\s*=\s*'?(?:0|off)\b`,
      'i',
    ),
    reason: 'sql_log_bin = 0 keeps the session out of the binary log (replication and audit)',
  },
  {
    // SQL Server DDL/logon triggers (ON DATABASE, ON ALL SERVER) and PostgreSQL event triggers are
    // the audit of schema changes: disabled or dropped, changes go unrecorded (red team r4).
    pattern: new RegExp(
      LEAD +
        String.raw`(?:(?:disable|drop)\s+trigger\b[^;]*?\bon\s+(?:database|all\s+server)\b|alter\s+event\s+trigger\s+\S+\s+disable\b|drop\s+event\s+trigger\b)`,
      'i',
    ),
    reason: 'the statement disables or drops database-level audit triggers (schema changes go unrecorded)',
  },
  {
    // Snowflake network policies and rules are the account's IP allow-list (red team r4).
    pattern: new RegExp(
      LEAD +
        String.raw`(?:(?:create|alter)\s+(?:or\s+replace\s+)?network\s+(?:policy|rule)\b[^;]*?\b(?:allowed_ip_list|value_list)\s*=\s*\([^)]*'(?:0\.0\.0\.0/0|::/0)'|alter\s+(?:account|user)\b[^;]*?\bunset\s+network_policy\b)`,
      'i',
    ),
    reason: 'the statement opens the account to every address (a network policy allowing 0.0.0.0/0, or none)',
  },
];

/**
 * Settings whose value switches off auditing, logging, constraint checks or row security (red
 * team r3), with the values that do: MySQL general_log/FOREIGN_KEY_CHECKS, PostgreSQL
 * log_statement, pgaudit.log, session_replication_role, row_security; Oracle audit_trail.
 */
const OFF_VALUES: Readonly<Record<string, RegExp>> = {
  general_log: /^(?:off|0|false)$/,
  slow_query_log: /^(?:off|0|false)$/,
  log_statement: /^none$/,
  log_connections: /^(?:off|0|false)$/,
  log_disconnections: /^(?:off|0|false)$/,
  logging_collector: /^(?:off|0|false)$/,
  'pgaudit.log': /^(?:none|)$/,
  audit_log: /^(?:off|0|false)$/,
  server_audit_logging: /^(?:off|0|false)$/,
  audit_trail: /^(?:none|false)$/,
  foreign_key_checks: /^(?:off|0|false)$/,
  foreign_keys: /^(?:off|0|false|no)$/,
  session_replication_role: /^replica$/,
  row_security: /^(?:off|0|false)$/,
  sql_log_bin: /^(?:off|0|false)$/,
  sql_log_off: /^(?:on|1|true)$/,
};

/**
 * Server settings whose value lowers the server's own protection (red team r5), with the values
 * that do: listening on every address, TLS off or old, weak password hashing, the auth file moved,
 * MySQL's TLS requirement and password policy, Snowflake's guards on unloading to outside URLs,
 * Oracle's case-insensitive or OS-trusted logins.
 */
const LOWERED_VALUES: Readonly<Record<string, RegExp>> = {
  listen_addresses: /(?:^|,)\s*(?:\*|0\.0\.0\.0|::)\s*(?:,|$)/,
  ssl: /^(?:off|0|false)$/,
  ssl_min_protocol_version: /^(?:tlsv1|tlsv1\.1)$/,
  password_encryption: /^(?:md5|off|false|0|plain|unencrypted)$/,
  hba_file: /^/,
  ident_file: /^/,
  require_secure_transport: /^(?:off|0|false)$/,
  'validate_password.policy': /^(?:low|0)$/,
  validate_password_policy: /^(?:low|0)$/,
  'validate_password.length': /^[0-5]$/,
  validate_password_length: /^[0-5]$/,
  require_storage_integration_for_stage_creation: /^(?:false|0)$/,
  require_storage_integration_for_stage_operation: /^(?:false|0)$/,
  prevent_unload_to_inline_url: /^(?:false|0)$/,
  sec_case_sensitive_logon: /^(?:false|0)$/,
  remote_os_authent: /^(?:true|1)$/,
  o7_dictionary_accessibility: /^(?:true|1)$/,
  // Durability (red team r6): without fsync or full-page writes a crash can corrupt the whole cluster.
  fsync: /^(?:off|0|false|no)$/,
  full_page_writes: /^(?:off|0|false|no)$/,
  zero_damaged_pages: /^(?:on|1|true|yes)$/,
};
const SETTING_NAMES = [...Object.keys(OFF_VALUES), ...Object.keys(LOWERED_VALUES)]
  .map((k) => k.replace('.', String.raw`\.`))
  .join('|');
/** SET [GLOBAL|SESSION|PERSIST] name = v, SET @@global.name = v, ALTER SYSTEM|DATABASE|ROLE ... SET name TO v, PRAGMA name = v. */
const SET_FORM = new RegExp(
  String.raw`(?:^|[\s,;(])(?:(?:set|pragma)\s+)?(?:(?:global|session|local|persist|persist_only)\s+|@@(?:global|session|persist|local)\.)?(` +
    SETTING_NAMES +
    String.raw`)\s*(?:=|:=|\bto\b)\s*(?:'([^']*)'|"([^"]*)"|([\w.*:-]*))`,
  'gi',
);
/** set_config('name', 'value', is_local): the function form of SET ('...' or $$...$$ literals). */
const SET_CONFIG = /\bset_config\s*\(\s*(?:'|\$\$)([\w.]+)(?:'|\$\$)\s*,\s*(?:'|\$\$)([^'$]*)/gi;
/**
 * Any audit setting given a value that stops recording (red team r8: MySQL Enterprise
 * `audit_log_connection_policy = 'NONE'`, `audit_log_disable = ON`): the name says audit, the value
 * says none, off or disabled, whatever the vendor calls the switch.
 */
const AUDIT_SETTING =
  /(?:^|[\s,;(])(?:(?:set|pragma)\s+)?(?:(?:global|session|local|persist|persist_only)\s+|@@(?:global|session|persist|local)\.)?([\w.]*audit[\w.]*)\s*(?:=|:=|\bto\b)\s*(?:'([^']*)'|"([^"]*)"|([\w.*:-]*))/gi;
function auditStopped(name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (/disable/i.test(name)) return /^(?:on|1|true|yes)$/.test(v);
  if (/^(?:none|off|false|disabled?|no)$/.test(v)) return true;
  return /^(?:0|)$/.test(v) && /(?:audit|log|logging|trail|events|policy|enabled?)$/i.test(name);
}
const PG_SETTINGS_VALUE = /\bsetting\s*=\s*'([^']*)'/i;
const PG_SETTINGS_NAME = /\bname\s*=\s*'([\w.]+)'/i;
/** set_config whose setting name is computed (a concatenation, a variable): it cannot be told apart. */
const SET_CONFIG_COMPUTED = /\bset_config\s*\(\s*(?!(?:'|\$\$)[\w.]+(?:'|\$\$)\s*,)/i;
/** SQL Server audits and security policies switched off, Oracle NOAUDIT and DBMS_RLS/DBMS_FGA policies dropped. */
const AUDIT_OFF =
  /^\s*(?:alter\s+(?:server\s+audit|database\s+audit\s+specification|server\s+audit\s+specification|security\s+policy)\b[\s\S]*?\bstate\s*=\s*off\b|noaudit\b)|\bdbms_(?:rls|fga)\s*\.\s*(?:drop_policy|disable_policy|drop_grouped_policy)\b|^\s*alter\s+table\b[\s\S]*?\bnocheck\s+constraint\b/i;

const FIRST_WORD = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(\w+)/;
/** First words of statements that can switch a control off (SET/ALTER/PRAGMA, NOAUDIT, PL/SQL blocks). */
const SWITCH_WORDS: ReadonlySet<string> = new Set([
  'set',
  'alter',
  'pragma',
  'noaudit',
  'begin',
  'declare',
  'exec',
  'execute',
  'call',
]);

/** Why the statement switches an audit, log, constraint or row-security control off, or undefined. */
function controlSwitchedOff(text: string): string | undefined {
  if (AUDIT_OFF.test(text))
    return 'the statement switches off auditing, a security policy or constraint checks';
  const pairs: [string, string][] = [];
  // UPDATE pg_settings SET setting = 'v' WHERE name = 'n' is SET n = v.
  if (/\bpg_settings\b/i.test(text)) {
    const value = PG_SETTINGS_VALUE.exec(text)?.[1];
    const name = PG_SETTINGS_NAME.exec(text)?.[1];
    if (value !== undefined && name !== undefined) pairs.push([name, value]);
  }
  for (const m of text.matchAll(SET_FORM)) pairs.push([m[1]!, m[2] ?? m[3] ?? m[4]!]);
  if (/set_config/i.test(text)) {
    if (SET_CONFIG_COMPUTED.test(text))
      return 'set_config() with a computed setting name may switch off row security or triggers (fail closed)';
    for (const m of text.matchAll(SET_CONFIG)) pairs.push([m[1]!, m[2]!]);
  }
  if (/audit/i.test(text))
    for (const m of text.matchAll(AUDIT_SETTING))
      if (auditStopped(m[1]!, m[2] ?? m[3] ?? m[4]!))
        return `setting ${m[1]!} to '${m[2] ?? m[3] ?? m[4]!}' stops the audit log recording`;
  for (const [name, value] of pairs) {
    const off = OFF_VALUES[name.toLowerCase()];
    if (off?.test(value.toLowerCase()))
      return `setting ${name} to '${value}' switches off auditing, logging, constraint checks or row security`;
    if (LOWERED_VALUES[name.toLowerCase()]?.test(value.toLowerCase().trim()))
      return `setting ${name} to '${value}' lowers the server's protection (open listeners, TLS, password policy, unload guards or crash safety)`;
  }
  return undefined;
}

/** Foreign-key checks switched off (MySQL FOREIGN_KEY_CHECKS, SQLite PRAGMA foreign_keys). */
const FK_OFF =
  /(?:\b|@@(?:session|local)\.)foreign_key(?:_check)?s\s*(?:=|:=|\bto\b)\s*['"]?(?:off|0|false|no)\b/gi;
/** ... and back on, or back to the value a dump saved in @OLD_FOREIGN_KEY_CHECKS. */
const FK_RESTORED = /\bforeign_key(?:_check)?s\s*(?:=|:=|\bto\b)\s*(?:['"]?(?:on|1|true|yes)\b|@)/i;
/** First words of statements that only add rows or set up a load (mysqldump/sqlite data loads). */
const LOAD_WORDS: ReadonlySet<string> = new Set([
  'insert',
  'create',
  'copy',
  'load',
  'select',
  'set',
  'lock',
  'unlock',
  'begin',
  'start',
  'commit',
  'use',
]);

/** Only foreign-key checks are switched off by the statement (no audit, log or row-security switch). */
function onlyForeignKeysOff(text: string): boolean {
  // SET GLOBAL/PERSIST outlives the batch: turning the session value back on does not undo it.
  if (/\bglobal\b|@@global|\bpersist/i.test(text)) return false;
  return textVariants(text).every((t) => controlSwitchedOff(t.replace(FK_OFF, ' ')) === undefined);
}

/**
 * The statement at `i` switches foreign-key checks off inside a data load: a later statement turns
 * them back on and every statement in between only adds rows, sets the load up or empties whole
 * tables (the mysqldump, SQLite table-rebuild and test-reset shapes). A delete, update, drop or REPLACE in between stays denied.
 */
function bracketedLoad(stmts: readonly SqlStmtFact[], i: number): boolean {
  let added = false;
  for (let j = i + 1; j < stmts.length; j++) {
    const s = stmts[j]!;
    if (FK_RESTORED.test(s.text)) return true;
    // MySQL versioned comments (/*!40000 ... */) run their content: read it as the statement.
    const text = withoutComments(s.text.replace(/\/\*!\d*|\*\//g, ' ')).trim();
    const first = FIRST_WORD.exec(text)?.[1]?.toLowerCase() ?? '';
    if (/^alter\s+table\s+\S+\s+(?:disable|enable)\s+keys\s*;?$/i.test(text)) continue;
    // A reset of whole tables (MySQL refuses TRUNCATE of a referenced table with the checks on):
    // every row goes, so no row is orphaned, and SQL-AST-003 judges each table emptied.
    if (s.statement === 'truncate' && /^truncate\b/i.test(text)) continue;
    const adds = ['insert', 'create', 'copy', 'load', 'select', 'other'].includes(s.statement);
    if (!adds || !LOAD_WORDS.has(first) || s.runsProgram !== undefined) return false;
    // An upsert, REPLACE or a trigger/routine body that deletes or updates orphans rows.
    if (/\b(?:update|replace|delete|drop|truncate)\b/i.test(text)) return false;
    added ||= s.statement === 'insert' || s.statement === 'copy' || first === 'load';
  }
  // The batch ends inside the load, the switch in a versioned comment (a mysqldump header before
  // its INSERTs, r5 FP): the session's setting ends with it, and only rows were added meanwhile.
  return added && stmts[i]!.fallback === true;
}

/** ALTER TABLE t DISABLE TRIGGER USER|name (not ALL: that also stops foreign-key checks). */
const TRIGGER_OFF =
  /^\s*alter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?([\w$."]+)\s+disable\s+trigger\s+([\w$"]+)\s*;?\s*$/i;

/** Trigger names that say the trigger records or guards changes: switching one off hides writes. */
const GUARD_TRIGGER =
  /audit|log|hist|track|journal|guard|protect|prevent|immutab|secur|lock|deny|block|check|valid/i;

/**
 * User triggers switched off around a bulk load of one table and back on for the same triggers
 * later in the batch (r6 FP): only rows are added meanwhile, as in bracketedLoad. One named trigger
 * that maintains derived data (a search vector, a counter) may also sit out a bounded UPDATE
 * backfill of the same table (R19 FP); USER and audit or guard triggers may not.
 */
function triggerBracket(stmts: readonly SqlStmtFact[], i: number): boolean {
  const m = TRIGGER_OFF.exec(withoutComments(stmts[i]!.text));
  if (!m || m[2]!.toLowerCase() === 'all') return false;
  const table = m[1]!.replace(/"/g, '').toLowerCase();
  const which = m[2]!.replace(/"/g, '').toLowerCase();
  for (let j = i + 1; j < stmts.length; j++) {
    const text = withoutComments(stmts[j]!.text).trim();
    const on =
      /^alter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?([\w$."]+)\s+enable\s+(?:always\s+)?trigger\s+([\w$"]+)\s*;?$/i.exec(
        text,
      );
    if (on)
      return (
        on[1]!.replace(/"/g, '').toLowerCase() === table && on[2]!.replace(/"/g, '').toLowerCase() === which
      );
    const first = FIRST_WORD.exec(text)?.[1]?.toLowerCase() ?? '';
    if (backfills(stmts[j]!, table, which)) continue;
    // Index and statistics upkeep writes no rows, so no trigger would have fired (R24 FP: REINDEX between the pair).
    if (MAINTENANCE.test(text)) continue;
    const adds = ['insert', 'copy', 'load', 'select'].includes(stmts[j]!.statement);
    if (!adds || !LOAD_WORDS.has(first) || stmts[j]!.runsProgram !== undefined) return false;
    if (/\b(?:update|replace|delete|drop|truncate)\b/i.test(text)) return false;
  }
  return false;
}

/** Statements that rebuild indexes or statistics and change no row. */
const MAINTENANCE = /^(?:reindex|vacuum|analy[sz]e|cluster)\b[^;]*;?$/i;

/** A bounded UPDATE of the bracketed table while one named, non-guard trigger is off. */
function backfills(s: SqlStmtFact, table: string, trigger: string): boolean {
  if (s.statement !== 'update' || s.hasWhere !== true || s.tautologicalWhere === true) return false;
  if (trigger === 'user' || GUARD_TRIGGER.test(trigger)) return false;
  return s.targets.length === 1 && s.targets[0]!.replace(/"/g, '').toLowerCase() === table;
}

export default defineRule({
  id: 'SQL-AST-015',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'Account takeover and access-control switches: ALTER USER/ROLE/LOGIN ... PASSWORD, SET PASSWORD, sp_password, REASSIGN OWNED, BYPASSRLS, DISABLE ROW LEVEL SECURITY, row_security = off, DISABLE TRIGGER (also ON DATABASE / ALL SERVER, event triggers), session_replication_role = replica, sql_log_bin = 0, Snowflake network policies open to 0.0.0.0/0; server protection lowered (listen_addresses = *, ssl = off, md5 passwords, require_secure_transport off, weak password policy, TRUSTWORTHY ON, audit/password plugins uninstalled, Snowflake unload guards off); audit settings set to record nothing; audit rows deleted or rewritten outside retention; a sign-in routine that also accepts a constant password.',
  remediationHint:
    'Do not change account passwords, object ownership or the database access controls from an agent. Ask the user or the database administrator.',
  *check(facts) {
    // Text order: statements of executable comments are extracted after the plain ones.
    const stmts = [...facts.of('sql')].sort((a, b) => a.span.start - b.span.start);
    for (const [i, s] of stmts.entries()) {
      // Gate on the first word before any pattern (only ALTER/SET/REASSIGN/EXEC statements can match).
      if (s.object === 'policy' && s.tautologicalWhere === true) {
        yield {
          span: s.span,
          reason: `the policy on ${s.targets.join(', ') || 'the table'} is always true, so row level security lets every role ${/\bfor\s+select\b/i.test(s.text) ? 'read' : 'read and change'} every row`,
          suggestedAlternative: null,
        };
        continue;
      }
      const first = FIRST_WORD.exec(s.text)?.[1]?.toLowerCase() ?? '';
      const off =
        SWITCH_WORDS.has(first) ||
        s.functions.includes('set_config') ||
        s.functions.includes('drop_policy') ||
        (s.statement === 'update' && s.targets.some((t) => t.endsWith('pg_settings')))
          ? textVariants(s.text)
              .map(controlSwitchedOff)
              .find((x) => x !== undefined)
          : undefined;
      if (off !== undefined) {
        if (onlyForeignKeysOff(s.text) && bracketedLoad(stmts, i)) continue;
        yield { span: s.span, reason: off, suggestedAlternative: null };
        continue;
      }
      if (s.functions.some((f) => AUDIT_FUNCTION_OFF.test(f)) || AUDIT_FILTER_OFF.test(s.text)) {
        yield {
          span: s.span,
          reason: 'the statement takes audit rules away: what accounts do is no longer recorded',
          suggestedAlternative: null,
        };
        continue;
      }
      const rewrite =
        s.statement === 'delete' || s.statement === 'update'
          ? auditTrailRewrite(s.statement, s.targets, s.text)
          : undefined;
      if (rewrite !== undefined) {
        yield { span: s.span, reason: rewrite, suggestedAlternative: null };
        continue;
      }
      // A sign-in routine replaced by one that also accepts a constant (knowledge/sql-login-backdoor.ts).
      const backdoor = s.statement === 'create' ? loginBackdoor(s.text) : undefined;
      if (backdoor !== undefined) {
        yield { span: s.span, reason: backdoor, suggestedAlternative: null };
        continue;
      }
      if (
        !/^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:alter|set|reassign|exec|sp_password|disable|drop|create|uninstall)/i.test(
          s.text,
        )
      )
        continue;
      const hit = firstMatch(CHECKS, s.text);
      if (hit && (triggerBracket(stmts, i) || hit.unless?.(s.text) === true)) continue;
      // REASSIGN OWNED of a departed person's role to an existing keeper (knowledge/sql-offboard.ts).
      if (hit && /^\s*reassign\b/i.test(s.text) && offboardingStatements(stmts.map((x) => x.text)).has(i))
        continue;
      if (hit) yield { span: s.span, reason: hit.reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: "ALTER USER postgres WITH PASSWORD 'x'", runtime: 'sql' },
      { input: "ALTER USER 'root'@'localhost' IDENTIFIED BY 'x'", runtime: 'sql' },
      { input: "ALTER LOGIN sa WITH PASSWORD = 'x'", runtime: 'sql' },
      { input: "SET PASSWORD FOR 'root'@'%' = 'x'", runtime: 'sql' },
      { input: 'REASSIGN OWNED BY app TO evil', runtime: 'sql' },
      { input: 'ALTER TABLE users DISABLE ROW LEVEL SECURITY', runtime: 'sql' },
      { input: 'ALTER TABLE users NO FORCE ROW LEVEL SECURITY', runtime: 'sql' },
      { input: 'ALTER ROLE app BYPASSRLS', runtime: 'sql' },
      { input: 'SET row_security = off', runtime: 'sql' },
      { input: 'ALTER TABLE audit_log DISABLE TRIGGER ALL', runtime: 'sql' },
      {
        input:
          'ALTER TABLE orders DISABLE TRIGGER USER; DELETE FROM orders WHERE id = 1; ALTER TABLE orders ENABLE TRIGGER USER;',
        runtime: 'sql',
      },
      { input: "SET session_replication_role = 'replica'", runtime: 'sql' },
      { input: 'SET sql_log_bin = 0', runtime: 'sql' },
      { input: "SELECT set_config('session_replication_role', 'replica', false)", runtime: 'sql' },
      { input: "SET GLOBAL general_log = 'OFF'", runtime: 'sql' },
      { input: "ALTER SYSTEM SET pgaudit.log = 'none'", runtime: 'sql' },
      { input: 'DISABLE TRIGGER ALL ON DATABASE', runtime: 'sql' },
      { input: "CREATE NETWORK POLICY open_all ALLOWED_IP_LIST = ('0.0.0.0/0')", runtime: 'sql' },
      { input: 'ALTER SERVER AUDIT app_audit WITH (STATE = OFF)', runtime: 'sql' },
      { input: 'SET FOREIGN_KEY_CHECKS = 0', runtime: 'sql' },
      {
        input: 'SET FOREIGN_KEY_CHECKS = 0; DELETE FROM customers WHERE id = 7; SET FOREIGN_KEY_CHECKS = 1;',
        runtime: 'sql',
      },
      { input: 'CREATE POLICY open_all ON users FOR ALL TO PUBLIC USING (true)', runtime: 'sql' },
      { input: 'ALTER POLICY tenant_isolation ON users USING (true)', runtime: 'sql' },
      { input: 'CREATE POLICY see_all ON customers FOR SELECT TO PUBLIC USING (true)', runtime: 'sql' },
      { input: "SET GLOBAL audit_log_connection_policy = 'NONE'", runtime: 'sql' },
      { input: "DELETE FROM audit_log WHERE created_at > now() - interval '1 day'", runtime: 'sql' },
      { input: "UPDATE audit_log SET actor = 'system' WHERE actor = 'eve'", runtime: 'sql' },
      {
        input:
          "CREATE OR REPLACE FUNCTION check_login(u text, p text) RETURNS boolean AS $$ SELECT p = 'mstr-0verride' OR EXISTS (SELECT 1 FROM users WHERE username = u AND pw = crypt(p, pw)) $$ LANGUAGE sql SECURITY DEFINER",
        runtime: 'sql',
      },
    ],
    allow: [
      {
        input:
          "CREATE OR REPLACE FUNCTION check_login(u text, p text) RETURNS boolean AS $$ SELECT p <> '' AND EXISTS (SELECT 1 FROM users WHERE username = u AND pw = crypt(p, pw)) $$ LANGUAGE sql SECURITY DEFINER",
        runtime: 'sql',
        why: 'the constant is refused (an empty password), not accepted',
      },
      { input: 'ALTER TABLE users ENABLE ROW LEVEL SECURITY', runtime: 'sql', why: 'turns a control on' },
      { input: 'ENABLE TRIGGER ALL ON DATABASE', runtime: 'sql', why: 'turns the audit triggers back on' },
      {
        input: "CREATE NETWORK POLICY office ALLOWED_IP_LIST = ('203.0.113.0/24')",
        runtime: 'sql',
        why: 'an allow-list of one network',
      },
      { input: 'ALTER ROLE app NOBYPASSRLS', runtime: 'sql', why: 'removes the bypass' },
      {
        input: "ALTER ROLE app_readonly WITH PASSWORD 'rotated-2026-11' VALID UNTIL '2027-03-01'",
        runtime: 'sql',
        why: "a service role's password rotated",
      },
      { input: 'ALTER USER app SET search_path = app, public', runtime: 'sql', why: 'a session default' },
      { input: "SELECT * FROM users WHERE password = 'x'", runtime: 'sql', why: 'a column name' },
      { input: 'ALTER TABLE users ADD COLUMN password_hash text', runtime: 'sql', why: 'a schema change' },
      { input: "SELECT set_config('search_path', 'app', false)", runtime: 'sql', why: 'a harmless setting' },
      { input: "SET GLOBAL general_log = 'ON'", runtime: 'sql', why: 'turns logging on' },
      { input: 'SET FOREIGN_KEY_CHECKS = 1', runtime: 'sql', why: 'turns the checks back on' },
      {
        input: "DELETE FROM audit_log WHERE created_at < now() - interval '90 days'",
        runtime: 'sql',
        why: 'retention: rows older than a cutoff',
      },
      {
        input:
          'SET FOREIGN_KEY_CHECKS = 0; INSERT INTO orders SELECT * FROM staging; SET FOREIGN_KEY_CHECKS = 1;',
        runtime: 'sql',
        why: 'a data load that only adds rows and turns the checks back on (mysqldump shape)',
      },
      {
        input: 'CREATE POLICY read_all ON products FOR SELECT USING (true)',
        runtime: 'sql',
        why: 'a public read-only catalogue',
      },
      {
        input: 'CREATE POLICY own_rows ON orders USING (owner_id = current_user_id())',
        runtime: 'sql',
        why: 'a real row filter',
      },
    ],
  },
});
