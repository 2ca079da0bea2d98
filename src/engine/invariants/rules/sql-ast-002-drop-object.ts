/** SQL-AST-002: DROP TABLE / VIEW / INDEX / FUNCTION / ROLE ... : objects and their data removed. */
import type { SqlStmtFact } from '../../facts.js';
import { allScratchTables, batchRenames, retentionPartitionTable } from '../../knowledge/sql.js';
import { SQL_CLIENTS, inTestDatabase } from '../sql-test-database.js';
import { defineRule, type FactIndex } from '../define-rule.js';
import { agedPartitionDrop, catalogBuiltSpans, scratchListingDrop } from '../../knowledge/sql-dynamic.js';
import { bareName } from '../../knowledge/sql-text.js';
import { memoBatch } from '../../knowledge/name-memo.js';
import {
  isLeftBehindCopy,
  isRetiredName,
  sharedAccount,
  snakeName,
  writtenSnake,
} from '../../knowledge/sql-cutoff.js';
import { ephemeralOnly, oneRunName } from '../../knowledge/ephemeral-names.js';
import { offboardingStatements } from '../../knowledge/sql-offboard.js';
import { testNamespace, throwawayName } from '../../knowledge/sql-throwaway.js';

const WHOLE = new Set(['database', 'schema', 'tablespace', 'owned']);
/** CREATE OR REPLACE TABLE / REPLACE TABLE (extract/sql/replace.ts): a drop spelled as a create. */
const REPLACES = /^\s*(?:create\s+or\s+)?replace\b/i;
/**
 * Types and domains: without CASCADE (or Oracle's FORCE) the drop fails while any column uses them,
 * so no rows can go (r4 FP); with it the columns go too.
 */
const FAILS_IF_USED = new Set(['type', 'domain']);
/**
 * Extensions that hold no data of their own (statistics views, functions, types, index methods):
 * without CASCADE the drop fails while a column or index uses them (r6 FP). postgis, timescaledb,
 * pg_cron and the like keep tables of their own and stay denied.
 */
const DATALESS_EXTENSION = new Set([
  'pg_stat_statements',
  'pg_stat_kcache',
  'pg_buffercache',
  'pg_prewarm',
  'pgstattuple',
  'pg_visibility',
  'pg_freespacemap',
  'pageinspect',
  'amcheck',
  'pg_walinspect',
  'pg_trgm',
  'pgcrypto',
  'uuid-ossp',
  'citext',
  'hstore',
  'unaccent',
  'fuzzystrmatch',
  'btree_gin',
  'btree_gist',
  'tablefunc',
  'intarray',
  'ltree',
  'cube',
  'earthdistance',
  'plpgsql_check',
  'hypopg',
]);

/** Objects that hold no rows of their own: dropping and creating one again loses nothing. */
const REDEFINABLE = new Set([
  'view',
  'matview',
  'materialized',
  'function',
  'procedure',
  'index',
  'trigger',
  'rule',
  'policy',
]);
/** Objects that hold no rows and no grants: views, routines, dictionaries, synonyms. */
const ROWLESS = new Set([
  'view',
  'matview',
  'materialized',
  'function',
  'procedure',
  'dictionary',
  'synonym',
  'macro',
  'package',
  // A publication lists tables to replicate and holds no rows (R14 twin: DROP PUBLICATION test_pub).
  'publication',
]);
const CREATED_NAME =
  /^\s*create\s+(?:or\s+replace\s+|or\s+alter\s+)?(?:(?:temp|temporary|recursive|materialized|unique|secure|definer\s*=\s*\S+|algorithm\s*=\s*\w+|sql\s+security\s+\w+)\s+)*(?:view|function|procedure|proc|index(?:\s+concurrently)?|trigger|rule|policy)\s+(?:if\s+not\s+exists\s+)?([\w$."`[\]]+)/i;

/** Whether a statement after `drop` creates an object named `name` again. */
function recreated(facts: FactIndex, drop: SqlStmtFact, name: string): boolean {
  const want = bare(name);
  return facts
    .of('sql')
    .some(
      (c) =>
        c.span.start > drop.span.start &&
        c.statement === 'create' &&
        bare(CREATED_NAME.exec(c.text)?.[1] ?? '') === want,
    );
}

/** CREATE TABLE name without IF NOT EXISTS / OR REPLACE: it fails when the table is already there. */
const CREATES_NEW =
  /^\s*create\s+(?:(?:global|local)\s+)?(?:unlogged\s+)?table\s+(?!if\s+not\s+exists\b)([\w$."`[\]]+)/i;

const bare = bareName;

/** ClickHouse `SYSTEM DROP DNS CACHE`, `SYSTEM DROP MARK CACHE ON CLUSTER c`. */
const SERVER_CACHE =
  /^\s*system\s+drop\s+(?:[a-z_]+\s+){0,3}caches?\s*(?:on\s+cluster\s+[\w'"`{}.-]+\s*)?;?\s*$/i;

/** MySQL's `DROP INDEX name ON table` comes back from its parser without the index name. */
const DROPPED_INDEX = /^\s*drop\s+index\s+(?:concurrently\s+)?(?:if\s+exists\s+)?([\w$."`[\]]+)\s+on\b/i;

/** The last part of a dotted name, unquoted, camelCase split (`[dbo].[Orders_Old]` → `orders_old`). */
const lastPart = (name: string): string =>
  snakeName(
    name
      .replace(/["`[\]]/g, '')
      .split('.')
      .pop()!,
  );

/**
 * Every table or sequence dropped is named as a copy a migration left behind (orders_old,
 * customers_backup_20250101, gh-ost's _users_del), and no statement of the batch renames anything:
 * a live table renamed to such a name first stays denied.
 */
function leftBehindCopies(facts: FactIndex, s: SqlStmtFact): boolean {
  return (
    s.targets.length > 0 &&
    s.targets.every((t) => isLeftBehindCopy(writtenSnake(s.text, t))) &&
    !batchRenames(facts.of('sql'))
  );
}

/**
 * SQLite's table rebuild (its documented way to change a column, R20 corpus): `CREATE TABLE t_new`,
 * `INSERT INTO t_new SELECT ... FROM t` with no filter, `DROP TABLE t`, then `ALTER TABLE t_new
 * RENAME TO t`. Every row lives on under the old name; a filtered copy or no rename stays denied.
 */
/** `ALTER TABLE a RENAME TO b` statements of the batch with the bare new name, read once per batch. */
const tableRenames = memoBatch((sql: readonly SqlStmtFact[]) =>
  sql.flatMap((stmt) => {
    const to = /^\s*alter\s+table\s+[\w$."`[\]]+\s+rename\s+to\s+([\w$."`[\]]+)\s*;?\s*$/i.exec(
      stmt.text,
    )?.[1];
    return to === undefined ? [] : [{ stmt, to: bare(to) }];
  }),
);

function rebuiltInPlace(facts: FactIndex, drop: SqlStmtFact): boolean {
  if (drop.targets.length !== 1) return false;
  const old = bare(drop.targets[0]!);
  const sql = facts.of('sql');
  const renamed = tableRenames(sql).find((r) => r.to === old && r.stmt.span.start > drop.span.start)?.stmt;
  const fresh = bare(/^\s*alter\s+table\s+([\w$."`[\]]+)/i.exec(renamed?.text ?? '')?.[1] ?? '');
  if (renamed === undefined || fresh === '' || fresh === old) return false;
  const copied = sql.some(
    (c) =>
      c.span.start < drop.span.start &&
      c.statement === 'insert' &&
      c.targets.length === 1 &&
      bare(c.targets[0]!) === fresh &&
      c.readsTables.map(bare).includes(old) &&
      !/\b(?:where|limit|having|top)\b/i.test(c.text),
  );
  return (
    copied &&
    sql.some(
      (c) =>
        c.statement === 'create' &&
        bare(/^\s*create\s+table\s+(?:if\s+not\s+exists\s+)?([\w$."`[\]]+)/i.exec(c.text)?.[1] ?? '') ===
          fresh,
    )
  );
}

/**
 * Logins and roles named as retired or as one test's or run's (legacy_reporter, tmp_migrator,
 * ci_runner_4812): removing one loses no rows, and no application runs under such a name. The
 * application's own role (app_rw, api_service) stays denied: dropping it takes the service down.
 */
const ROLE_OBJECT = new Set(['role', 'user', 'login']);
const accountName = (t: string): string => lastPart(t.replace(/@[\s\S]*$/, '').replace(/'/g, ''));
/** The accounts a DROP USER/ROLE names, read from the text when the parser kept none (MySQL 'u'@'host'). */
const DROPPED_ACCOUNTS = /^\s*drop\s+(?:user|role|login)\s+(?:if\s+exists\s+)?([^;]+?)\s*;?\s*$/i;
function retiredAccounts(s: SqlStmtFact): boolean {
  const written = s.targets.length > 0 ? s.targets : (DROPPED_ACCOUNTS.exec(s.text)?.[1]?.split(',') ?? []);
  const names = written.map((t) => accountName(t.trim()));
  return names.length > 0 && names.every((n) => isRetiredName(n) || ephemeralOnly([n]));
}

/**
 * One person's login dropped (r11 twin: `DROP USER IF EXISTS 'intern2023'@'%'`, a departed user):
 * without CASCADE the drop removes no objects (PostgreSQL and Oracle refuse while the user owns
 * any, MySQL users own none), and no application, pipeline or operator logs in with it
 * (knowledge/sql-cutoff.ts sharedAccount). A group ROLE takes its members' access with it.
 */
/** Names that say nothing of whose the login is (`myuser`, `dbuser`, `user1`): it may be shared. */
const GENERIC_ACCOUNT =
  /^(?:my|new|the|db|default|sample|example|demo|test|generic|shared|common|main)?_?(?:users?|roles?|logins?|accounts?|db|database)_?\d*$/;
function personalLogins(s: SqlStmtFact): boolean {
  // PostgreSQL reports DROP USER as a role: the statement's own word says which.
  if (!/^\s*drop\s+(?:user|login)\b/i.test(s.text) || /\bcascade\b/i.test(s.text)) return false;
  const written = s.targets.length > 0 ? s.targets : (DROPPED_ACCOUNTS.exec(s.text)?.[1]?.split(',') ?? []);
  const names = written.map((t) => accountName(t.trim()));
  return (
    names.length > 0 &&
    names.every((n) => /^[a-z][\w.\\-]*$/.test(n) && !GENERIC_ACCOUNT.test(n) && !sharedAccount(n))
  );
}

/**
 * Triggers that keep a record or guard the data (`trg_audit_payments`, `orders_history`,
 * `prevent_delete`, `enforce_tenant`): dropping one is the audit-off attack. Any other trigger
 * holds no rows (r11 twin: `DROP TRIGGER IF EXISTS trg_orders_legacy_sync ON orders`).
 */
const GUARD_WORD =
  /^(?:audit|audits|audited|auditing|history|hist|log|logs|logging|logger|journal|track|tracking|tracker|changelog|changes|versions?|versioning|capture|cdc|protect|protection|guard|prevent|deny|block|forbid|immutable|readonly|lock|locked|security|secure|enforce|enforcement|check|validate|validation|verify|integrity|restrict|restriction|tenant|rls|acl|permissions?|softdelete|nodelete|compliance|gdpr|retain|retention|mask|masking|redact|encrypt|encryption|signature|tamper|append|appendonly|ledger)$/;
function guardingTrigger(s: SqlStmtFact): boolean {
  // MySQL's DROP TRIGGER names no table, and its parse may keep no target.
  const named = /^\s*drop\s+trigger\s+(?:if\s+exists\s+)?([\w$.`"[\]]+)/i.exec(s.text)?.[1];
  const targets = s.targets.length > 0 ? s.targets : named !== undefined ? [named] : [];
  const words = targets
    .concat(/\bon\s+([\w$."`[\]]+)/i.exec(s.text)?.[1] ?? [])
    .flatMap((t) => snakeName(t.replace(/["`[\]]/g, '')).split(/[^a-z0-9]+/));
  return targets.length === 0 || words.some((w) => GUARD_WORD.test(w) || /^audit/.test(w));
}

/** Every index dropped has a name that says it is retired or a scratch one (`idx_orders_status_tmp`). */
function retiredIndex(s: SqlStmtFact): boolean {
  const names = s.targets.length > 0 ? s.targets : [DROPPED_INDEX.exec(s.text)?.[1] ?? ''];
  return names.every((t) => t !== '' && (isRetiredName(bare(t)) || allScratchTables([bare(t)])));
}

/**
 * Tables a program's code created earlier in the same input (a test fixture's `CREATE TABLE t`,
 * then `DROP TABLE t` in its tear-down): the create raises when the table exists, so the drop only
 * removes what this input made. SQL scripts are left out (psql runs on after a failed statement).
 */
function ownTables(facts: FactIndex, drop: SqlStmtFact): boolean {
  // The code's own string literals say the input is a python/node program.
  if (!facts.of('literal').some((f) => f.depth === 0 && (f.runtime === 'python' || f.runtime === 'node')))
    return false;
  const made = new Set<string>();
  for (const c of facts.of('sql')) {
    if (c.statement !== 'create' || c.span.start >= drop.span.start) continue;
    const m = CREATES_NEW.exec(c.text);
    if (m) made.add(bare(m[1]!));
  }
  return drop.targets.length > 0 && drop.targets.every((t) => made.has(bare(t)));
}

export default defineRule({
  id: 'SQL-AST-002',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql', 'exec', 'literal'],
  // psql/mysql runs are read for the database a statement runs in.
  programs: [...SQL_CLIENTS],
  summary:
    'DROP TABLE, VIEW, INDEX, FUNCTION, PROCEDURE, SEQUENCE, ROLE or USER, also DROP statements built from a catalog listing and run as dynamic SQL (PREPARE, EXEC(@sql), sp_executesql, EXECUTE IMMEDIATE).',
  remediationHint:
    'Do not drop tables or other objects. Keep a copy of the data first (CREATE TABLE t_backup AS SELECT * FROM t) and ask the user to run the drop; renaming a live table away breaks the application just the same.',
  *check(facts) {
    const sorted = [...facts.of('sql')].sort((a, b) => a.span.start - b.span.start);
    const steps = offboardingStatements(sorted.map((s) => s.text));
    const offboarded = new Set(sorted.filter((_, i) => steps.has(i)));
    for (const s of facts.of('sql')) {
      if (s.statement !== 'drop' || WHOLE.has(s.object ?? '') || s.temporary === true) continue;
      // ClickHouse SYSTEM DROP ... CACHE: the server refills its caches (DNS, marks, queries) itself.
      if (SERVER_CACHE.test(s.text)) continue;
      if (FAILS_IF_USED.has(s.object ?? '') && !/cascade|force/i.test(s.text)) continue;
      // An index whose name says it is retired (idx_orders_legacy_status, r9 FP): clean-up. It holds
      // no rows; a live one stays denied, as the queries that use it stall in production.
      if (s.object === 'index' && retiredIndex(s)) continue;
      if (
        s.object === 'extension' &&
        !/cascade/i.test(s.text) &&
        s.targets.length > 0 &&
        s.targets.every((t) => DATALESS_EXTENSION.has(t.replace(/"/g, '').toLowerCase()))
      )
        continue;
      // A scratch table or sequence of a load or a test (tmp_import_orders, test_orders) is re-created on the next run.
      if (
        (s.object === 'table' || s.object === 'sequence') &&
        (allScratchTables(s.targets) || allScratchTables(s.targets.map((t) => writtenSnake(s.text, t)))) &&
        !batchRenames(facts.of('sql'))
      )
        continue;
      // Each table a loop over a scratch-only catalog listing names (DO ... LOOP EXECUTE, R19 FP).
      if (s.object === 'table' && scratchListingDrop(s.text, facts.of('sql'))) continue;
      // Each partition a loop over one table's partitions past an age names (retention, knowledge/sql-dynamic.ts).
      if (s.object === 'table' && agedPartitionDrop(s.text, facts.of('sql'))) continue;
      // A table in one CI run's or preview's schema (analytics.dbt_ci_pr_512.orders), or in a test
      // database or schema, as SQL-AST-001 lets the namespace go; one in a dev database rebuilt in
      // place (R12 twin: CREATE OR REPLACE TABLE dev_db.public.orders CLONE prod_db.public.orders).
      if (
        s.object === 'table' &&
        s.targets.length > 0 &&
        s.targets.every((t) => {
          const parts = t
            .replace(/["`[\]]/g, '')
            .toLowerCase()
            .split('.');
          const spaces = parts.slice(0, -1);
          return (
            spaces.length > 0 &&
            (oneRunName(spaces[spaces.length - 1]!) ||
              (spaces.some((p) => testNamespace(p) || (REPLACES.test(s.text) && throwawayName(p))) &&
                spaces.every((p) => throwawayName(p) || !/prod|live|master|main|primary/.test(p))))
          );
        }) &&
        !batchRenames(facts.of('sql'))
      )
        continue;
      // DROP TABLE IF EXISTS customers_backup_20250101: a copy a migration left behind (see leftBehindCopies).
      if (
        (s.object === 'table' || s.object === 'sequence') &&
        !REPLACES.test(s.text) &&
        leftBehindCopies(facts, s)
      )
        continue;
      if (ROLE_OBJECT.has(s.object ?? '') && (retiredAccounts(s) || personalLogins(s))) continue;
      // The last step of a departed person's role removal (knowledge/sql-offboard.ts).
      if (ROLE_OBJECT.has(s.object ?? '') && offboarded.has(s)) continue;
      if (s.object === 'trigger' && !guardingTrigger(s)) continue;
      // A user mapping stores a foreign server's login, no rows: dropping it loses nothing kept.
      if (s.object === 'usermapping') continue;
      // A view, routine or dictionary named scratch or retired (tmp_country_dict, v_orders_legacy):
      // it holds no rows, and no live query is named for it. Live-named ones stay denied (sql-r6).
      if (
        ROWLESS.has(s.object ?? '') &&
        !/\bcascade\b/i.test(s.text) &&
        s.targets.length > 0 &&
        s.targets.every((t) => {
          const n = lastPart(t);
          return isRetiredName(n) || allScratchTables([n]) || oneRunName(n);
        })
      )
        continue;
      // A Cassandra keyspace of tests or CI (R14 twin: DROP KEYSPACE test_ks_4821), as SQL-AST-001 lets a test database go.
      if (s.object === 'keyspace' && s.targets.length > 0 && s.targets.every((t) => testNamespace(t)))
        continue;
      // One old period's partition of a log or event table (events_2023_01): retention.
      if (s.object === 'table' && s.targets.length > 0 && s.targets.every(retentionPartitionTable)) continue;
      if (s.object === 'table' && !REPLACES.test(s.text) && ownTables(facts, s)) continue;
      if (s.object === 'table' && !REPLACES.test(s.text) && rebuiltInPlace(facts, s)) continue;
      // A table of a test database the client or the call names, as SQL-AST-003 lets it be emptied.
      if (s.object === 'table' && inTestDatabase(s, facts)) continue;
      // A view, function, index or trigger dropped and created again in the batch (r6 FP: a
      // migration that redefines a view): it holds no rows, and the definition comes back.
      if (
        REDEFINABLE.has(s.object ?? '') &&
        s.targets.length > 0 &&
        s.targets.every((t) => recreated(facts, s, t))
      )
        continue;
      const target = s.targets[0];
      const object = (s.object ?? 'object').toUpperCase();
      yield {
        span: s.span,
        reason: REPLACES.test(s.text)
          ? `${s.text.trim().split(/\s+/).slice(0, 4).join(' ').toUpperCase()} drops the existing table ${s.targets.join(', ')} and everything stored in it`
          : `DROP ${object} ${s.targets.join(', ')} removes it and everything stored in it`.replace(
              /\s+$/,
              '',
            ),
        suggestedAlternative:
          s.object === 'table' && target
            ? `CREATE TABLE ${target.split('.').pop()}_backup AS SELECT * FROM ${target}`
            : null,
      };
    }
    // Statements built from the catalog table list and run as dynamic SQL (knowledge/sql-dynamic.ts).
    for (const span of catalogBuiltSpans(facts.of('sql'), 'drop'))
      yield {
        span,
        reason:
          'DROP statements are built from the catalog table list and run as dynamic SQL: every table listed is removed',
        suggestedAlternative: null,
      };
  },
  examples: {
    deny: [
      { input: 'DROP TABLE users', runtime: 'sql' },
      { input: 'DROP INDEX CONCURRENTLY idx_users_email;', runtime: 'sql' },
      {
        input: 'CREATE TEMP TABLE scratch (id int); DROP TABLE scratch, users;',
        runtime: 'sql',
      },
      { input: 'DROP TABLE IF EXISTS Album; DROP TABLE IF EXISTS Artist;', runtime: 'sql' },
      { input: 'DROP TABLE `users`', runtime: 'sql' },
      { input: 'DROP VIEW IF EXISTS a.b', runtime: 'sql' },
      { input: 'DROP ROLE IF EXISTS myrole;', runtime: 'sql' },
      { input: 'DROP USER myuser', runtime: 'sql' },
      { input: 'DROP USER scott CASCADE', runtime: 'sql' },
      { input: "DROP USER 'etl_loader'@'%'", runtime: 'sql' },
      { input: 'DROP TRIGGER trg_audit_payments ON payments', runtime: 'sql' },
      { input: 'ALTER TABLE users RENAME TO users_old; DROP TABLE users_old;', runtime: 'sql' },
      { input: 'DROP TABLE orders_old, orders', runtime: 'sql' },
      { input: 'DROP TABLE legacy_orders', runtime: 'sql' },
      { input: 'DROP ROLE app_rw', runtime: 'sql' },
      { input: 'DROP FUNCTION a.b (INT)', runtime: 'sql' },
      { input: 'DROP TYPE order_status CASCADE', runtime: 'sql' },
      { input: 'DROP EXTENSION pg_trgm CASCADE', runtime: 'sql' },
      { input: 'DROP EXTENSION IF EXISTS postgis', runtime: 'sql' },
      { input: 'SELECT 1 /*! ; DROP TABLE users */', runtime: 'sql' },
      { input: 'SELECT 1 --1; DROP TABLE t', runtime: 'sql' },
      { input: 'CREATE OR REPLACE TABLE users AS SELECT * FROM users WHERE 1 = 0', runtime: 'sql' },
      { input: 'create or replace transient table analytics.events (id int)', runtime: 'sql' },
      { input: 'REPLACE TABLE users AS SELECT 1 AS id', runtime: 'sql' },
      { input: 'CREATE TABLE users (id int); DROP TABLE users;', runtime: 'sql' },
      {
        input:
          'import sqlite3\ncon = sqlite3.connect("app.db")\ncon.execute("CREATE TABLE IF NOT EXISTS users (id int)")\ncon.execute("DROP TABLE users")',
        runtime: 'python',
      },
    ],
    allow: [
      {
        input: 'DROP INDEX CONCURRENTLY IF EXISTS idx_orders_legacy_status;',
        runtime: 'sql',
        why: 'an index named retired: clean-up, and CREATE INDEX rebuilds it from the table',
      },
      { input: 'CREATE TABLE z (truncate INT)', runtime: 'sql', why: 'a column named like a keyword' },
      {
        input: 'CREATE OR REPLACE VIEW active_users AS SELECT * FROM users WHERE active',
        runtime: 'sql',
        why: 'a view holds no data',
      },
      {
        input: 'CREATE OR REPLACE TEMP TABLE scratch AS SELECT id FROM users',
        runtime: 'sql',
        why: 'a temporary table lives for the session only',
      },
      {
        input: 'CREATE TEMP TABLE ids (id int); INSERT INTO ids VALUES (1); DROP TABLE ids;',
        runtime: 'sql',
        why: 'a temporary table created in the same batch',
      },
      { input: 'DROP TABLE #work', runtime: 'sql', why: 'SQL Server temporary table' },
      {
        input: 'DROP TYPE IF EXISTS tmp_import_status',
        runtime: 'sql',
        why: 'without CASCADE the drop fails while a column uses the type',
      },
      {
        input: 'DROP EXTENSION IF EXISTS pg_stat_statements;',
        runtime: 'sql',
        why: 'statistics only; without CASCADE it fails while anything uses it',
      },
      {
        input: 'ALTER TABLE integers ALTER COLUMN i DROP DEFAULT',
        runtime: 'sql',
        why: 'dropping a default keeps all data',
      },
      { input: 'SELECT 1 AS drop_count FROM t', runtime: 'sql', why: 'an identifier, not a statement' },
      {
        input: 'DROP TABLE IF EXISTS tmp_import_orders',
        runtime: 'sql',
        why: 'a scratch table of a load, re-created on the next run',
      },
      {
        input: 'DROP TABLE IF EXISTS customers_backup_20250101;',
        runtime: 'sql',
        why: 'a dated backup copy a migration left behind',
      },
      {
        input: 'DROP TABLE IF EXISTS `_users_del`;',
        runtime: 'sql',
        why: "gh-ost's leftover after cut-over",
      },
      {
        input: "DROP USER IF EXISTS 'intern2023'@'%';",
        runtime: 'sql',
        why: "a departed person's login: no objects go without CASCADE, and no service logs in with it",
      },
      {
        input: 'DROP TRIGGER IF EXISTS trg_orders_legacy_sync ON orders;',
        runtime: 'sql',
        why: 'a trigger that neither records nor guards holds no rows',
      },
      {
        input: "DROP USER IF EXISTS 'tmp_migrator'@'localhost';",
        runtime: 'sql',
        why: 'a temporary login holds no rows and runs no application',
      },
      {
        input:
          'import sqlite3\ncon = sqlite3.connect(":memory:")\ncon.execute("CREATE TABLE t (id int)")\ncon.execute("DROP TABLE t")',
        runtime: 'python',
        why: 'the code created the table; the create raises if it existed',
      },
      {
        input: '-- DROP TABLE old_users (kept for reference)\nSELECT count(*) FROM users',
        runtime: 'sql',
        why: 'an ordinary comment',
      },
    ],
  },
});
