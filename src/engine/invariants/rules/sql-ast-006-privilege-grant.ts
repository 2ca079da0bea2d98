/** SQL-AST-006: GRANT ALL, new or altered superusers, and grants of roles that amount to superuser. */
import { FREE_MAIL } from '../../extract/tool-call/recipients.js';
import { POWERFUL_ROLES } from '../../knowledge/sql.js';
import {
  adminAccountWrite,
  adminDefault,
  adminPasswordWrite,
  adminTrigger,
} from '../../knowledge/sql-admin-account.js';
import { alwaysTrueCheck } from '../../knowledge/sql-auth-stub.js';
import { takeoverWrite } from '../../knowledge/sql-takeover.js';
import { trustRedirectWrite } from '../../knowledge/sql-trust-redirect.js';
import { textVariants } from '../../knowledge/sql-text.js';
import type { SqlStmtFact } from '../../facts.js';
import { defineRule, type FactIndex } from '../define-rule.js';
import { throwawayName } from '../../knowledge/sql-throwaway.js';

const NEW_LOGIN = /\bidentified\s+(?:by|with|externally|globally)\b|\bpassword\b/i;
/**
 * The password handed in by the client (psql `:'pw'`, `$1`, `?`, `@pw`, `${PW}`): the operator's
 * provisioning script, not a login whose password the writer typed (R15 twin).
 */
const PARAMETER_PASSWORD =
  /\b(?:password|identified\s+by)\s*=?\s*(?::'\w+'|:"\w+"|:\w+|\$\d+|\?|@\w+|\$\{\w+\})\s*(?:;|$|\b(?:valid|in|connection|login|nologin|nosuperuser|inherit|noinherit)\b)/i;
/**
 * An account anyone can sign in to (R15: MySQL `CREATE USER ''@'%'`): the anonymous user (an empty
 * name), an empty password, or a MySQL account reachable from any host created without one.
 */
const ANONYMOUS_ACCOUNT =
  /^\s*(?:create\s+user\b[^;]*?(?:\s|,)(?:''|""|``)\s*@|grant\b[^;]*?\bto\s+(?:''|""|``)\s*@|(?:create|alter)\s+(?:user|role|login)\b[^;]*?\b(?:identified\s+by|password)\s*=?\s*(?:''|"")(?!')|create\s+user\s+(?:if\s+not\s+exists\s+)?['"`]?[\w.-]+['"`]?\s*@\s*['"`]%['"`]\s*;?\s*$)/i;
/** Privileges of a monitoring exporter (mysqld_exporter's documented grant). */
const MONITORING_GRANT =
  /^\s*grant\s+(?:(?:process|replication\s+client|slave\s+monitor|replica\s+monitor|select)\s*,?\s*)+\bon\s+\*\.\*\s+to\s+['"`]?[\w.-]+['"`]?\s*@\s*['"`]?(?:localhost|127\.0\.0\.1|::1)['"`]?(?:\s+with\s+max_user_connections\s+\d+)?\s*;?\s*$/i;

/**
 * Role names that say read-only (reporting_ro, app_readonly, analytics_reader, bi_viewer), and
 * PostgreSQL's monitoring roles, which read statistics and settings, never table rows (R16 twin:
 * a Grafana login granted pg_monitor); pg_read_all_data reads every row and is not one of them.
 */
const READ_ONLY_ROLE =
  /^(?:(?!pg_)[\w$]*?(?:_ro|read_?only|(?:_|data)readers?|_viewer|_viewers|_read)|pg_monitor|pg_read_all_stats|pg_stat_scan_tables|pg_read_all_settings)$/i;
/**
 * SQL Server's fixed role for writing rows in every table of one database, taken with
 * db_datareader: the app account's standard read-write pair, the rights of a scoped DML grant (r9),
 * no schema or account control (db_owner, db_ddladmin stay denied). Alone it is a write-only grant
 * no app asks for (r13: a reporting login made a writer).
 */
const ROW_WRITER_ROLE = /^db_datawriter$/i;
/** SQL Server: the database user mapped to the new login (no password of its own). */
const LOGIN_MAPPING =
  /^\s*create\s+user\s+\[?[\w$]+\]?\s+(?:for|from)\s+login\s+\[?[\w$]+\]?(?:\s+with\s+default_schema\s*=\s*\[?\w+\]?)?\s*;?\s*$/i;
/** A database role gaining the new user as a member (ALTER ROLE r ADD MEMBER u, sp_addrolemember 'r', 'u'). */
const ROLE_MEMBER =
  /^\s*(?:alter\s+role\s+\[?([\w$]+)\]?\s+add\s+member\b|(?:exec(?:ute)?\s+)?(?:\w+\.)*sp_addrolemember\s+N?'([\w$]+)')/i;

/**
 * GRANT of row privileges (CONNECT, USAGE, SELECT, INSERT, UPDATE, DELETE ...) on one named table,
 * schema or database, or on all tables of one schema (r8 FP: a CI login given CONNECT; r9 FP: a
 * web login given DML on its own schema). Global `*.*` and the server's own schemas are left out.
 */
const SCOPED_PRIVILEGES =
  /^\s*grant\s+(?:(?:connect|usage|select|insert|update|delete|temp|temporary|execute|references)\s*(?:\([^)]*\)\s*)?,?\s*)+\bon\s+(?:(?:table|schema|database|sequence|function)\s+|all\s+(?:tables|sequences)\s+in\s+schema\s+)?(?!\*)["`[]?([\w$]+)/i;
const SERVER_SCHEMA =
  /^(?:mysql|sys|information_schema|performance_schema|pg_catalog|pg_toast|master|msdb|model|tempdb|all|ownership)$/i;
const scopedPrivileges = (text: string): boolean => {
  const m = SCOPED_PRIVILEGES.exec(text);
  return m !== null && !SERVER_SCHEMA.test(m[1]!);
};

/** The one account a CREATE USER/LOGIN makes (MySQL `'web'@'10.0.%'` too); a list after it fails the match. */
const CREATED_ACCOUNT =
  /^\s*create\s+(?:user|login)\s+(?:if\s+not\s+exists\s+)?['"`[]?([\w$.-]+)['"`\]]?(?:\s*@\s*(?:'[^']*'|"[^"]*"|`[^`]*`|[\w.%-]+))?(?!\s*,)\s/i;

/**
 * A scoped login (r6, r9 FPs): the new user is given, in the same batch, only roles named read-only
 * (SQL Server's db_datareader by ALTER ROLE ... ADD MEMBER too, R12 twin, and db_datawriter) or row privileges on one
 * named object, mapped to a database user by CREATE USER ... FOR LOGIN, is named by no other statement (no ALTER, no other
 * grant), and the create sets no role attribute.
 */
function readerLogin(facts: FactIndex, create: SqlStmtFact): boolean {
  const user = (create.targets[0] ?? CREATED_ACCOUNT.exec(create.text)?.[1])
    ?.replace(/["`[\]]/g, '')
    .toLowerCase();
  if (
    user === undefined ||
    create.targets.length > 1 ||
    !CREATED_ACCOUNT.test(create.text) ||
    /\b(?:superuser|createrole|createdb|replication|bypassrls|admin|in\s+role|role)\b/i.test(
      create.text.replace(/'(?:[^']|'')*'/g, "''"),
    )
  )
    return false;
  let granted = false;
  let writes = false;
  let reads = false;
  for (const s of facts.of('sql')) {
    if (s === create) continue;
    const named =
      s.targets.some((t) => t.replace(/["`[\]]/g, '').toLowerCase() === user) ||
      new RegExp(`\\b${user.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(s.text);
    if (!named) continue;
    if (LOGIN_MAPPING.test(s.text)) continue;
    const member = ROLE_MEMBER.exec(s.text);
    if (member) {
      const role = member[1] ?? member[2]!;
      writes ||= ROW_WRITER_ROLE.test(role);
      reads ||= READ_ONLY_ROLE.test(role);
      if (!READ_ONLY_ROLE.test(role) && !ROW_WRITER_ROLE.test(role)) return false;
      granted = true;
      continue;
    }
    const roles = s.grantsRoles ?? [];
    if (MONITORING_GRANT.test(s.text)) {
      granted = true;
      continue;
    }
    if (
      s.statement !== 'grant' ||
      /with\s+(?:admin|grant)\s+option/i.test(s.text) ||
      !(roles.length > 0 ? roles.every((r) => READ_ONLY_ROLE.test(r)) : scopedPrivileges(s.text))
    )
      return false;
    granted = true;
  }
  return granted && (!writes || reads);
}

/**
 * GRANT ALL on a development, test or CI database or schema only (R12 twins: `GRANT ALL
 * PRIVILEGES ON DATABASE app_dev TO dev_user`, `GRANT ALL ON app_test.* TO 'app'@'localhost'`): the
 * rights reach rows rebuilt from code, not production's. Every target must name such a namespace
 * and none production; PUBLIC, WITH GRANT OPTION and `*.*` stay denied.
 */
function throwawayGrant(s: SqlStmtFact): boolean {
  // `ALL TABLES IN SCHEMA x` comes back as the targets `*` and `x`; `*.*` is every database.
  const named = s.targets.filter((t) => t !== '*');
  if (named.length === 0 || /\bto\s+public\b|\bwith\s+grant\s+option\b|\bon\s+\*/i.test(s.text)) return false;
  return named.every((t) => {
    const parts = t
      .replace(/["`[\]]/g, '')
      .split('.')
      .filter((p) => p !== '*');
    return (
      parts.length > 0 &&
      parts.some((p) => throwawayName(p)) &&
      parts.every((p) => throwawayName(p) || !/prod|live|master|main|primary/i.test(p))
    );
  });
}

/** A powerful role gaining a member: ALTER [SERVER] ROLE r ADD MEMBER x, sp_add[srv]rolemember. */
function roleMembership(text: string, functions: readonly string[]): string | undefined {
  const alter = /\balter\s+(?:server\s+)?role\s+\[?(\w+)\]?\s+add\s+member\b/i.exec(text);
  if (alter && POWERFUL_ROLES.has(alter[1]!.toLowerCase())) return alter[1]!.toLowerCase();
  if (functions.includes('sp_addsrvrolemember') || functions.includes('sp_addrolemember')) {
    for (const m of text.matchAll(/N?'([^']*)'/g))
      if (POWERFUL_ROLES.has(m[1]!.toLowerCase())) return m[1]!.toLowerCase();
  }
  return undefined;
}

/**
 * Privileges that give control of the server, its files or other accounts (red team r3): MySQL
 * global FILE/SUPER/SHUTDOWN/CREATE USER/..._ADMIN, PostgreSQL CREATEROLE and REPLICATION, SQL
 * Server CONTROL SERVER / IMPERSONATE / ALTER ANY LOGIN / UNMASK, Oracle ANY privileges, BECOME
 * USER and EXEMPT ACCESS POLICY (every row-level and redaction policy skipped; red team r10).
 */
const SERVER_PRIVILEGE = new RegExp(
  String.raw`^\s*grant\s+(?:[\w\s,]*?,\s*)?(?:file|super|shutdown|reload|create\s+user|process|system_user|(?:system_variables|connection|binlog|role|encryption_key|audit|replication_slave|backup|clone|set_user_id|firewall)_admin|control\s+server|control\s+on\s+(?:server|database|login)\b|impersonate|alter\s+any\s+\w+|(?:select|insert|update|delete|execute|create|alter|drop|grant)\s+any\s+\w+|become\s+user|alter\s+system|alter\s+user|manage\s+grants|unsafe\s+assembly|external\s+access\s+assembly|administer\s+(?:bulk|database)\s+\w+|take\s+ownership|sysdba|sysoper|exempt\s+(?:access|redaction|dml\s+redaction|ddl\s+redaction|identity)\s+policy|unmask)\b`,
  'i',
);
const ROLE_ATTRIBUTE = /^\s*(?:create|alter)\s+(?:role|user)\b[\s\S]*?\b(createrole|replication)\b/i;
/** Object kinds whose grant to PUBLIC exposes no rows (schema usage, functions, types ...). */
const NOT_ROWS =
  /^(?:schema|function|functions|procedure|procedures|routine|routines|language|type|types|domain|database|sequence|sequences|foreign|large|tablespace|parameter)$/;
const GRANT_START = /^\s*(?:alter\s+default\s+privileges\b|grant\b)/i;
/**
 * PUBLIC, and the roles a web API gives every visitor (Supabase and PostgREST `anon`, `web_anon`,
 * Hasura `anonymous`; R15: `GRANT SELECT ON auth.users TO anon`).
 */
const TO_PUBLIC =
  /\bto\s+(?:[\w\s,]*?,\s*)?["`]?(?:public|anon|anonymous|web_anon|guest|everyone)["`]?\s*(?:,|;|$|\bwith\b|\bgranted\b)/i;
/**
 * Tables of reference data every reader may see (countries, currencies, time zones, codes and
 * types): a grant to PUBLIC of only such tables (or of published ones) exposes no one's rows (R15 twin).
 */
const REFERENCE_TABLE =
  /(?:^|_)(?:countr(?:y|ies)|currenc(?:y|ies)|languages?|locales?|time_?zones?|regions?|provinces?|cities|units?|holidays?|calendars?|lookups?|enums?|(?:\w+_)?types|(?:\w+_)?codes|categories|(?:fx|exchange|tax|vat)_rates?|iso_\w+)$/;
/**
 * Tables a site publishes to every visitor (R16 twin: `GRANT SELECT ON public.products TO anon` for
 * a storefront catalog): the whole name must be one, so `customer_products` or `users` stay denied.
 */
const PUBLISHED_TABLE =
  /^(?:public_\w+|products?|product_(?:images|variants|categories|tags|media|options|prices)|catalog(?:ue)?(?:_items)?|blog_posts|posts|articles|pages|faqs?|announcements|menus|menu_items|listings|collections|brands|tags|plans|pricing(?:_plans|_tiers)?|changelog(?:_entries)?|docs)$/;
const GRANT_TABLES =
  /^\s*grant\s+select\s+on\s+(?:table\s+)?((?:["`]?[\w$.]+["`]?\s*,\s*)*["`]?[\w$.]+["`]?)\s+to\b/i;
function referenceTablesOnly(text: string): boolean {
  const list = GRANT_TABLES.exec(text)?.[1];
  return (
    list !== undefined &&
    list
      .split(',')
      .map((t) =>
        t
          .replace(/["`\s]/g, '')
          .split('.')
          .pop()!
          .toLowerCase(),
      )
      .every((t) => REFERENCE_TABLE.test(t) || PUBLISHED_TABLE.test(t))
  );
}
/** The object of the grant: the first ON (single scans, linear on hostile input). */
const GRANT_ON = /\bon\s+(?:all\s+)?([\w."\x60[\]]+)/i;

/**
 * Access handed outside (red team r7): a Snowflake key pair set on a user (a login that needs no
 * password), a share opened to other accounts, BigQuery grants to allUsers/allAuthenticatedUsers,
 * and a SECURITY DEFINER function that EXECUTEs the SQL it is given (anyone who calls it runs as
 * its owner).
 */
const OUTSIDE_ACCESS: readonly [RegExp, string][] = [
  [
    /^\s*alter\s+user\b[^;]*?\bset\b[^;]*?\brsa_public_key(?:_2)?\s*=\s*'[^']/i,
    'a key pair set on a user is a login that needs no password',
  ],
  [
    /^\s*(?:alter\s+share\b[^;]*?\b(?:add|set)\s+accounts?\b|create\s+(?:or\s+replace\s+)?share\b[^;]*?\baccounts?\s*=)/i,
    "a share opened to other accounts gives them the database's rows",
  ],
  [
    // A user mapping holds a login to a foreign server: for PUBLIC every local role, present and
    // future, signs in there as its user (R13 access-widen); one role given a superuser's login too.
    /^\s*(?:create|alter)\s+user\s+mapping\s+(?:if\s+not\s+exists\s+)?for\s+(?:public\b[^;]*?\boptions\s*\([^)]*?\b(?:user|username)\b|(?!postgres\b|root\b|sa\b|rdsadmin\b)["\w$]+\s+server\b[^;]*?\boptions\s*\([^)]*?\b(?:set\s+|add\s+)?(?:user|username)\s+'(?:postgres|root|sa|rdsadmin|sys|system|admin|superuser)')/i,
    'the user mapping lets every local role (or an application role) sign in to the foreign server as its owner or superuser',
  ],
  [
    /\bgrant\b[^;]*?\bto\s+(?:"|'|`)?(?:allusers|allauthenticatedusers)\b/i,
    'a grant to allUsers/allAuthenticatedUsers makes the data public',
  ],
  [
    /\bsecurity\s+definer\b[\s\S]*?\bexecute\s+(?!format\b|immediate\s+')[a-z_]\w*\s*(?:;|\busing\b|$)|\bexecute\s+(?!format\b)[a-z_]\w*\s*;[\s\S]*?\bsecurity\s+definer\b/i,
    'a SECURITY DEFINER function runs whatever SQL it is given as its owner',
  ],
];

/**
 * A whole database, schema or account handed to another owner (red team r8: Snowflake `GRANT
 * OWNERSHIP ON DATABASE prod TO ROLE contractor_role`, SQL Server `ALTER AUTHORIZATION ON
 * DATABASE::prod TO x`): the new owner controls every object and grant in it. Handing it to the
 * platform's own administrator role is the usual clean-up and stays allowed; a schema's owner
 * changes with ordinary transformation jobs (dbt) and stays allowed too.
 */
const OWNERSHIP =
  /^\s*(?:grant\s+ownership\s+on\s+(?:database|account|warehouse|integration)\b[^;]*?\bto\s+(?:role\s+)?|alter\s+authorization\s+on\s+database\s*::[^;]*?\bto\s+)["`[]?([\w$]+)/i;
const PLATFORM_ADMIN =
  /^(?:sysadmin|accountadmin|securityadmin|useradmin|orgadmin|postgres|dbo|sa|rds_superuser|cloudsqlsuperuser|azure_pg_admin)$/i;

/** The grantee list of a GRANT (`TO "user:x@gmail.com"`, Databricks `` TO `x@gmail.com` ``). */
const GRANTEES = /^\s*grant\b[^;]*?\bto\s+([^;]{1,400})/i;

/** A grantee that is a person's own mailbox (a public provider's address): access handed outside the organisation (R22). */
function personalGrantee(text: string): string | undefined {
  const to = GRANTEES.exec(text)?.[1];
  if (to === undefined || !to.includes('@')) return undefined;
  for (const m of to.matchAll(/[\w.+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi))
    if (FREE_MAIL.test(m[1]!)) return m[0];
  return undefined;
}

/** Why the statement hands out server control, or undefined. */
function serverControl(text: string): string | undefined {
  const out = OUTSIDE_ACCESS.find(([re]) => re.test(text));
  if (out) return out[1];
  const person = personalGrantee(text);
  if (person !== undefined) return `the grant goes to ${person}, a personal mailbox outside the organisation`;
  const owner = OWNERSHIP.exec(text);
  if (owner && !PLATFORM_ADMIN.test(owner[1]!))
    return `the statement makes ${owner[1]!} the owner of a whole database or account (every object and grant in it)`;
  const priv = MONITORING_GRANT.test(text) ? null : SERVER_PRIVILEGE.exec(text);
  if (priv)
    return `GRANT ${priv[0].replace(/^\s*grant\s+/i, '').toUpperCase()} gives control of the server, its files or other accounts`;
  const attr = ROLE_ATTRIBUTE.exec(text);
  if (attr && !/\bno(?:createrole|replication)\b/i.test(text))
    return `${attr[1]!.toUpperCase()} lets the role create or administer roles (or read every row through replication)`;
  const on = GRANT_START.test(text) && TO_PUBLIC.test(text) ? GRANT_ON.exec(text) : null;
  if (on && !NOT_ROWS.test(on[1]!.toLowerCase()) && !referenceTablesOnly(text))
    return 'a grant to PUBLIC (or the anonymous role) gives every role, present and future, access to the rows';
  return undefined;
}

export default defineRule({
  id: 'SQL-AST-006',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'GRANT ALL [PRIVILEGES], CREATE/ALTER ROLE|USER ... SUPERUSER, GRANT ... ON *.* WITH GRANT OPTION, grants of superuser-equivalent roles (DBA, sysadmin), new logins with a password, MANAGE GRANTS, a database or account handed to a non-admin owner, admin role defaults and triggers, access checks that always return true.',
  remediationHint:
    'Grant only the privileges the task needs on the objects it needs (GRANT SELECT, INSERT ON TABLE app.orders TO app_rw); never create superusers or grant ALL.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      // A new account that can log in with a password (Oracle/MySQL IDENTIFIED BY, SQL Server
      // CREATE LOGIN, PostgreSQL CREATE USER ... PASSWORD): a backdoor login (issue 22).
      if (
        s.statement === 'create' &&
        (s.object === 'user' || s.object === 'login') &&
        !/^\s*create\s+user\s+mapping\b/i.test(s.text) &&
        NEW_LOGIN.test(s.text) &&
        !PARAMETER_PASSWORD.test(s.text) &&
        !readerLogin(facts, s)
      ) {
        yield {
          span: s.span,
          reason: `CREATE ${[s.object.toUpperCase(), ...s.targets].join(' ')} adds an account that can log in`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (
        (s.statement === 'create' || s.statement === 'grant' || s.statement === 'alter') &&
        ANONYMOUS_ACCOUNT.test(s.text)
      ) {
        yield {
          span: s.span,
          reason: 'the account has no name or no password: anyone who reaches the server signs in with it',
          suggestedAlternative: null,
        };
        continue;
      }
      // An application administrator made by a row write (knowledge/sql-admin-account.ts).
      // ... or the application taken over by a row write (knowledge/sql-takeover.ts), or its trust
      // moved to another party (knowledge/sql-trust-redirect.ts).
      const admin =
        s.statement === 'insert'
          ? (adminAccountWrite(s.text) ?? takeoverWrite(s.text) ?? trustRedirectWrite(s.text))
          : s.statement === 'update'
            ? (adminAccountWrite(s.text) ??
              adminPasswordWrite(s.text) ??
              takeoverWrite(s.text) ??
              trustRedirectWrite(s.text))
            : undefined;
      if (admin !== undefined) {
        yield { span: s.span, reason: admin, suggestedAlternative: null };
        continue;
      }
      // The same through a column default, or an access check made to always pass (red team r8).
      const backdoor =
        s.statement === 'create' || s.statement === 'alter'
          ? (adminDefault(s.text) ?? adminTrigger(s.text) ?? alwaysTrueCheck(s.text))
          : undefined;
      if (backdoor !== undefined) {
        yield { span: s.span, reason: backdoor, suggestedAlternative: null };
        continue;
      }
      // Server and database role membership granted by statement or procedure (SQL Server).
      const member = roleMembership(s.text, s.functions);
      if (member !== undefined) {
        yield {
          span: s.span,
          reason: `adding a member to role ${member} amounts to superuser`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (s.createsSuperuser === true) {
        yield {
          span: s.span,
          reason: `${s.statement.toUpperCase()} gives ${s.targets.join(', ') || 'a role'} superuser power`,
          suggestedAlternative: null,
        };
        continue;
      }
      const control = textVariants(s.text)
        .map(serverControl)
        .find((x) => x !== undefined);
      if (control !== undefined) {
        yield { span: s.span, reason: control, suggestedAlternative: null };
        continue;
      }
      if (s.statement !== 'grant') continue;
      if (s.grantsAll === true && !throwawayGrant(s)) {
        yield {
          span: s.span,
          reason: `GRANT ALL on ${s.targets.join(', ') || 'objects'} gives every privilege`,
          suggestedAlternative: null,
        };
        continue;
      }
      const powerful = (s.grantsRoles ?? []).filter((r) => POWERFUL_ROLES.has(r));
      if (powerful.length > 0)
        yield {
          span: s.span,
          reason: `GRANT of role ${powerful.join(', ')} amounts to superuser or server file access`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      { input: 'GRANT ALL PRIVILEGES ON DATABASE shop TO bob', runtime: 'sql' },
      { input: "GRANT ALL ON *.* TO 'a'@'%' WITH GRANT OPTION", runtime: 'sql' },
      { input: 'CREATE ROLE admin2 WITH LOGIN SUPERUSER PASSWORD $1', runtime: 'sql' },
      { input: 'ALTER USER bob WITH SUPERUSER', runtime: 'sql' },
      { input: 'GRANT pg_execute_server_program TO bob', runtime: 'sql' },
      { input: 'GRANT postgres TO app', runtime: 'sql' },
      { input: 'CREATE USER hacker IDENTIFIED BY pass123', runtime: 'sql' },
      { input: "CREATE LOGIN backdoor WITH PASSWORD = 'P@ss1'", runtime: 'sql' },
      { input: 'GRANT DBA TO hacker', runtime: 'sql' },
      { input: 'ALTER SERVER ROLE sysadmin ADD MEMBER backdoor', runtime: 'sql' },
      { input: "EXEC sp_addsrvrolemember 'eve', 'sysadmin'", runtime: 'sql' },
      { input: "CREATE USER rd WITH PASSWORD 'x'; GRANT app_admin TO rd;", runtime: 'sql' },
      { input: "CREATE USER rd WITH PASSWORD 'x'; GRANT pg_read_all_data TO rd;", runtime: 'sql' },
      { input: "GRANT FILE ON *.* TO 'app'@'%'", runtime: 'sql' },
      { input: 'ALTER ROLE app CREATEROLE', runtime: 'sql' },
      { input: 'GRANT IMPERSONATE ON LOGIN::sa TO app', runtime: 'sql' },
      { input: 'GRANT CONTROL SERVER TO app', runtime: 'sql' },
      { input: 'GRANT SELECT ANY TABLE TO app', runtime: 'sql' },
      { input: 'GRANT SELECT ON users TO PUBLIC', runtime: 'sql' },
      {
        input:
          "INSERT INTO users (email, password_hash, role) VALUES ('ops@protonmail.com', '$2b$12$x', 'admin')",
        runtime: 'sql',
      },
      { input: 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO PUBLIC', runtime: 'sql' },
      { input: 'GRANT MANAGE GRANTS ON ACCOUNT TO ROLE analyst', runtime: 'sql' },
      {
        input: 'GRANT OWNERSHIP ON DATABASE prod TO ROLE contractor_role COPY CURRENT GRANTS',
        runtime: 'sql',
      },
      { input: "ALTER TABLE users ALTER COLUMN role SET DEFAULT 'admin'", runtime: 'sql' },
      {
        input:
          'CREATE OR REPLACE FUNCTION check_password(u text, p text) RETURNS boolean AS $$ SELECT true $$ LANGUAGE sql',
        runtime: 'sql',
      },
    ],
    allow: [
      {
        input:
          "CREATE LOGIN app_svc WITH PASSWORD = 'Change.Me.2026!';\nCREATE USER app_svc FOR LOGIN app_svc;\nALTER ROLE db_datareader ADD MEMBER app_svc;\nALTER ROLE db_datawriter ADD MEMBER app_svc;",
        runtime: 'sql',
        why: "an app's login that reads and writes the rows of one database",
      },
      {
        input: 'GRANT SELECT ON TABLE orders TO reporting',
        runtime: 'sql',
        why: 'one read privilege on one table',
      },
      { input: 'CREATE ROLE reader NOSUPERUSER LOGIN', runtime: 'sql', why: 'explicitly not a superuser' },
      {
        input: 'ALTER ROLE db_datareader ADD MEMBER app',
        runtime: 'sql',
        why: 'a read-only database role',
      },
      { input: 'REVOKE ALL ON orders FROM public', runtime: 'sql', why: 'taking privileges away' },
      { input: 'GRANT USAGE ON SCHEMA app TO PUBLIC', runtime: 'sql', why: 'lets roles see names, not rows' },
      { input: 'GRANT EXECUTE ON FUNCTION app.health() TO PUBLIC', runtime: 'sql', why: 'runs one function' },
      {
        input: "GRANT SELECT, INSERT ON app.* TO 'app'@'%'",
        runtime: 'sql',
        why: 'table privileges on one schema',
      },
      { input: 'ALTER ROLE app NOCREATEROLE', runtime: 'sql', why: 'takes the attribute away' },
      {
        input: 'GRANT OWNERSHIP ON DATABASE analytics TO ROLE sysadmin COPY CURRENT GRANTS',
        runtime: 'sql',
        why: "ownership handed to the platform's administrator role",
      },
      {
        input: "ALTER TABLE users ALTER COLUMN role SET DEFAULT 'member'",
        runtime: 'sql',
        why: 'new accounts start with the least role',
      },
      {
        input:
          "CREATE USER app_ci WITH PASSWORD 'ci-only-local'; GRANT CONNECT ON DATABASE app_test TO app_ci;",
        runtime: 'sql',
        why: 'a login that may only connect',
      },
      {
        input: "INSERT INTO users (email, role) VALUES ('a@example.com', 'member')",
        runtime: 'sql',
        why: 'an ordinary account',
      },
    ],
  },
});
