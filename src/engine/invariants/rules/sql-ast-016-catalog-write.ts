/**
 * SQL-AST-016: writes to the database's own catalogs (red team r3): `UPDATE pg_authid SET
 * rolsuper = true`, `INSERT INTO mysql.user ...`, `UPDATE pg_database SET datallowconn = false`,
 * `DELETE FROM pg_class`, and SQLite's `PRAGMA writable_schema` that lets sqlite_master be edited.
 * Catalog rows are accounts, privileges and the schema itself: editing them grants superuser,
 * locks users out or corrupts the database, past every check GRANT and DDL would make.
 */
import { textVariants } from '../../knowledge/sql-text.js';
import { defineRule } from '../define-rule.js';

/** PostgreSQL catalogs (pg_*; pg_settings is SET spelled as an UPDATE), MySQL's and SQL Server's system schemas, SQLite's schema table. */
function isCatalog(name: string): boolean {
  const parts = name
    .toLowerCase()
    .replace(/[`"[\]]/g, '')
    .split('.');
  const table = parts[parts.length - 1] ?? '';
  const schema = parts[parts.length - 2];
  if (table === 'pg_settings') return false;
  if (/^pg_/.test(table) || schema === 'pg_catalog') return true;
  if (schema === 'mysql' || schema === 'sys' || schema === 'information_schema') return true;
  // Scheduler tables: a row there is SQL or a command run later (pg_cron, SQL Server Agent).
  if ((schema === 'cron' && table === 'job') || /^sysjob(?:s|steps|schedules)$/.test(table)) return true;
  return /^sqlite_(?:master|schema|temp_master|temp_schema)$/.test(table);
}

const WRITABLE_SCHEMA = /^\s*pragma\s+(?:\w+\.)?writable_schema\s*=\s*'?(?:1|on|true|yes)\b/i;

export default defineRule({
  id: 'SQL-AST-016',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'INSERT/UPDATE/DELETE on system catalogs (pg_catalog tables, mysql.*, sys.*, sqlite_master) and PRAGMA writable_schema = ON.',
  remediationHint:
    'Do not edit the system catalogs. Use the statement made for the change (ALTER ROLE, CREATE USER ... with the privileges it needs, ALTER DATABASE, DROP ...) and let the user review it.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (textVariants(s.text).some((t) => WRITABLE_SCHEMA.test(t))) {
        yield {
          span: s.span,
          reason: 'PRAGMA writable_schema lets sqlite_master be edited, which can corrupt or wipe the schema',
          suggestedAlternative: null,
        };
        continue;
      }
      if (s.statement !== 'insert' && s.statement !== 'update' && s.statement !== 'delete') continue;
      const target = s.targets.find(isCatalog);
      if (target !== undefined)
        yield {
          span: s.span,
          reason: `${s.statement.toUpperCase()} on the system catalog ${target} changes accounts, privileges or the schema behind the database's back`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      { input: "UPDATE pg_authid SET rolsuper = true WHERE rolname = 'app'", runtime: 'sql' },
      { input: "UPDATE pg_database SET datallowconn = false WHERE datname = 'prod'", runtime: 'sql' },
      { input: "INSERT INTO mysql.user (Host, User) VALUES ('%', 'bk')", runtime: 'sql' },
      { input: "DELETE FROM pg_catalog.pg_class WHERE relname = 'users'", runtime: 'sql' },
      { input: "UPDATE `mysql`.`user` SET Super_priv = 'Y' WHERE User = 'app'", runtime: 'sql' },
      { input: 'PRAGMA writable_schema = ON', runtime: 'sql' },
      {
        input: "INSERT INTO cron.job (schedule, command) VALUES ('* * * * *', 'DROP TABLE users')",
        runtime: 'sql',
      },
      { input: "DELETE FROM sqlite_master WHERE type = 'table'", runtime: 'sql' },
    ],
    allow: [
      { input: 'SELECT relname FROM pg_class WHERE relkind = $1', runtime: 'sql', why: 'reads the catalog' },
      {
        input: "UPDATE pg_settings SET setting = 'off' WHERE name = 'enable_seqscan'",
        runtime: 'sql',
        why: 'a session setting',
      },
      {
        input: "DELETE FROM sqlite_sequence WHERE name = 'jobs'",
        runtime: 'sql',
        why: 'resets an autoincrement counter',
      },
      { input: 'UPDATE app.users SET plan = $1 WHERE id = $2', runtime: 'sql', why: 'an application table' },
      { input: 'PRAGMA writable_schema = OFF', runtime: 'sql', why: 'turns the switch back off' },
    ],
  },
});
