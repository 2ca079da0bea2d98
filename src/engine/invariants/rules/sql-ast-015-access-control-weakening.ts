/**
 * SQL-AST-015: statements that take over accounts or switch off the database's own access
 * controls (red team r1): another account's password set, ownership handed to another role, row
 * level security, triggers or replication logging switched off for the session or table.
 */
import { defineRule } from '../define-rule.js';

/** Leading whitespace and comments before a statement's first keyword. */
const LEAD = String.raw`^(?:\s|--[^\n]*(?:\n|$)|/\*[\s\S]*?\*/)*`;

const CHECKS: readonly { readonly pattern: RegExp; readonly reason: string }[] = [
  {
    // PostgreSQL/MySQL/Oracle ALTER USER|ROLE ... PASSWORD / IDENTIFIED BY, SQL Server ALTER LOGIN.
    pattern: new RegExp(
      LEAD + String.raw`alter\s+(?:user|role|login)\b[\s\S]*?\b(?:password|identified\s+(?:by|with))\b`,
      'i',
    ),
    reason: "the statement sets an existing account's password (account takeover or lockout)",
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
];

export default defineRule({
  id: 'SQL-AST-015',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'Account takeover and access-control switches: ALTER USER/ROLE/LOGIN ... PASSWORD, SET PASSWORD, sp_password, REASSIGN OWNED, BYPASSRLS, DISABLE ROW LEVEL SECURITY, row_security = off, DISABLE TRIGGER, session_replication_role = replica, sql_log_bin = 0.',
  remediationHint:
    'Do not change account passwords, object ownership or the database access controls from an agent. Ask the user or the database administrator.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      // Gate on the first word before any pattern (only ALTER/SET/REASSIGN/EXEC statements can match).
      if (!/^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:alter|set|reassign|exec|sp_password)/i.test(s.text))
        continue;
      const hit = CHECKS.find((c) => c.pattern.test(s.text));
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
      { input: "SET session_replication_role = 'replica'", runtime: 'sql' },
      { input: 'SET sql_log_bin = 0', runtime: 'sql' },
    ],
    allow: [
      { input: 'ALTER TABLE users ENABLE ROW LEVEL SECURITY', runtime: 'sql', why: 'turns a control on' },
      { input: 'ALTER ROLE app NOBYPASSRLS', runtime: 'sql', why: 'removes the bypass' },
      { input: 'ALTER USER app SET search_path = app, public', runtime: 'sql', why: 'a session default' },
      { input: "SELECT * FROM users WHERE password = 'x'", runtime: 'sql', why: 'a column name' },
      { input: 'ALTER TABLE users ADD COLUMN password_hash text', runtime: 'sql', why: 'a schema change' },
    ],
  },
});
