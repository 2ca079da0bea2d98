/** SQL-AST-001: DROP DATABASE / SCHEMA / TABLESPACE / OWNED: whole namespaces of data removed at once. */
import type { SqlStmtFact } from '../../facts.js';
import { defineRule, type FactIndex } from '../define-rule.js';
import { oneRunName } from '../../knowledge/ephemeral-names.js';
import { testNamespace } from '../../knowledge/sql-throwaway.js';
import { offboardingStatements } from '../../knowledge/sql-offboard.js';
import { SQL_CLIENTS, inTestDatabase } from '../sql-test-database.js';

const WHOLE = new Set(['database', 'schema', 'tablespace', 'owned']);
/** In MySQL a SCHEMA is a whole database: only PostgreSQL's client drops a schema inside the one it names. */
const PSQL: ReadonlySet<string> = new Set(['psql']);
const REPLACES = /^\s*create\s+or\s+replace\b/i;
/** Namespaces named for development, tests or CI: rebuilt from code, so replacing one loses nothing. */
const THROWAWAY = /(?:^|_)(?:dev|development|local|test|tests|tmp|temp|scratch|ci|sandbox|pr\d+)(?:_|\d|$)/;
/** A statement of the batch that renames or moves a namespace (one renamed to a run's name first). */
const RENAMES = /\brename\b|\bmodify\s+name\b|\bset\s+schema\b|\btransfer\b|\bswap\s+with\b|\bclone\b/i;
const CREATED = /^\s*create\s+(database|schema)\s+(?:if\s+not\s+exists\s+)?([\w$."`[\]]+)/i;
const ONE_DROPPED =
  /^\s*(?:if\s+db_id\s*\(\s*N?'[\w$.-]+'\s*\)\s+is\s+not\s+null\s+)?drop\s+(?:database|schema)\s+(?:if\s+exists\s+)?([\w$."`[\]]+|`[\w$.-]+`)\s*(?:cascade|restrict|(?:with\s*)?\(\s*force\s*\))?\s*;?\s*$/i;
const bare = (name: string): string =>
  name
    .replace(/[`"[\]]/g, '')
    .toLowerCase()
    .split('.')
    .pop()!;

/**
 * A namespace named for development, tests or CI, or one inside such a database (R22 FP: Snowflake
 * `CREATE OR REPLACE SCHEMA dev_lee.sales CLONE prod.sales`), with no part named for production.
 */
function throwawayNamespace(target: string): boolean {
  const parts = target
    .replace(/[`"[\]]/g, '')
    .toLowerCase()
    .split('.');
  if (THROWAWAY.test(parts[parts.length - 1]!)) return true;
  return (
    parts.slice(0, -1).some((p) => THROWAWAY.test(p)) &&
    !parts.some((p) => /(?:^|_)(?:prod|production|live|prd)(?:_|\d|$)/.test(p))
  );
}

/** Every target is a throwaway namespace that a later statement of the batch creates again (a test-database reset). */
function throwawayReset(facts: FactIndex, drop: SqlStmtFact): boolean {
  const made = new Set<string>();
  // Statements after the drop, in the input's order: nested SQL (mysql -e '...') shares one span.
  const all = facts.of('sql');
  for (const c of all.slice(all.indexOf(drop) + 1)) {
    const m = CREATED.exec(c.text);
    if (m && m[1]!.toLowerCase() === drop.object) made.add(bare(m[2]!));
  }
  // One name only, read from the text: a keyword reading may have kept just the first of a list.
  const one = ONE_DROPPED.exec(drop.text);
  return one !== null && THROWAWAY.test(bare(one[1]!)) && made.has(bare(one[1]!));
}

/**
 * The one namespace dropped is a single run's (ONE_RUN) or named for tests, CI or scratch work
 * (knowledge/sql-throwaway.ts testNamespace), and nothing in the batch renames one into that name:
 * a live database renamed `app_test` first stays denied.
 */
function oneRunTeardown(facts: FactIndex, drop: SqlStmtFact): boolean {
  const one = ONE_DROPPED.exec(drop.text);
  if (one === null) return false;
  const name = bare(one[1]!);
  return (oneRunName(name) || testNamespace(one[1]!)) && !facts.of('sql').some((s) => RENAMES.test(s.text));
}

/** DROP OWNED BY one role named for tests or CI (`ci_test_user_4821`, `test_runner`). */
const OWNED_BY_ONE = /^\s*drop\s+owned\s+by\s+["`]?([\w$]+)["`]?\s*(?:cascade|restrict)?\s*;?\s*$/i;
const testRoleOwned = (text: string): boolean => {
  const m = OWNED_BY_ONE.exec(text);
  return m !== null && (testNamespace(m[1]!) || oneRunName(m[1]!.toLowerCase()));
};

export default defineRule({
  id: 'SQL-AST-001',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql', 'exec', 'literal'],
  // psql/mysql runs are read for the database a statement runs in.
  programs: [...SQL_CLIENTS],
  summary:
    'DROP DATABASE, DROP SCHEMA, DROP TABLESPACE and DROP OWNED; CREATE OR REPLACE DATABASE/SCHEMA (Snowflake), which drops the existing one.',
  remediationHint:
    'Do not drop databases or schemas. If a clean database is needed, create a new one with a different name (CREATE DATABASE app_scratch) and ask the user before removing anything.',
  *check(facts) {
    const sorted = [...facts.of('sql')].sort((a, b) => a.span.start - b.span.start);
    const steps = offboardingStatements(sorted.map((s) => s.text));
    for (const s of facts.of('sql')) {
      if (s.statement !== 'drop' || !WHOLE.has(s.object ?? '')) continue;
      // DROP OWNED BY after REASSIGN OWNED BY: the role owns nothing now, only its grants go.
      if (s.object === 'owned' && steps.has(sorted.indexOf(s))) continue;
      // DROP OWNED BY ci_test_user_4821 (R14 twin): a test or CI role's objects are the run's own.
      if (s.object === 'owned' && testRoleOwned(s.text)) continue;
      // A dev, test or CI namespace rebuilt by CREATE OR REPLACE (dbt's dbt_ci_123, analytics_dev).
      if (REPLACES.test(s.text) && s.targets.every(throwawayNamespace)) continue;
      // DROP DATABASE IF EXISTS app_test; CREATE DATABASE app_test (r9 FP): a test database reset.
      if (throwawayReset(facts, s)) continue;
      // DROP SCHEMA IF EXISTS dbt_ci_pr_512 CASCADE: one CI run's or preview's namespace torn down.
      if (oneRunTeardown(facts, s)) continue;
      // A schema of a test database the client or the call names (`psql -d app_test -c 'DROP SCHEMA
      // public CASCADE; CREATE SCHEMA public'`): the test database's own reset, as its tables' TRUNCATE is.
      if (s.object === 'schema' && inTestDatabase(s, facts, PSQL)) continue;
      yield {
        span: s.span,
        reason: REPLACES.test(s.text)
          ? `CREATE OR REPLACE ${(s.object ?? '').toUpperCase()} ${s.targets.join(', ')} drops the existing one and every object inside it`
          : `DROP ${(s.object ?? '').toUpperCase()} ${s.targets.join(', ')} removes every object inside it`.trim(),
        suggestedAlternative:
          s.object === 'database' && s.targets[0] ? `CREATE DATABASE ${s.targets[0]}_scratch` : null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'DROP DATABASE prod', runtime: 'sql' },
      { input: 'DROP SCHEMA IF EXISTS public CASCADE', runtime: 'sql' },
      { input: 'drop schema app_dev', runtime: 'sql' },
      { input: "psql -h db.prod.acme.net -d app_test -c 'DROP SCHEMA public CASCADE'" },
      { input: "psql -d app_test -c 'DROP DATABASE app'" },
      { input: 'DROP DATABASE `shop`', runtime: 'sql' },
      { input: 'SELECT 1; DROP DATABASE prod;', runtime: 'sql' },
      { input: "psql -c 'DROP DATABASE prod'" },
      { input: 'DROP DATABASE IF EXISTS prod; CREATE DATABASE prod;', runtime: 'sql' },
      { input: 'DROP DATABASE IF EXISTS prod_test_20261127', runtime: 'sql' },
      { input: 'ALTER DATABASE app RENAME TO app_test_4812; DROP DATABASE app_test_4812;', runtime: 'sql' },
      { input: 'DROP SCHEMA test_run_4812, public CASCADE', runtime: 'sql' },
    ],
    allow: [
      { input: 'CREATE DATABASE app_test', runtime: 'sql', why: 'creating is not destroying' },
      {
        input: "SELECT 'DROP DATABASE prod' AS note",
        runtime: 'sql',
        why: 'the words sit inside a string literal',
      },
      { input: '-- DROP DATABASE prod\nSELECT 1', runtime: 'sql', why: 'a comment every dialect ignores' },
      {
        input: 'DROP DATABASE IF EXISTS app_test; CREATE DATABASE app_test;',
        runtime: 'sql',
        why: 'a test database dropped and created again: a reset',
      },
      {
        input: 'DROP DATABASE IF EXISTS myapp_test;',
        runtime: 'sql',
        why: 'a test database: its contents are rebuilt by the test suite',
      },
      {
        input: 'DROP SCHEMA IF EXISTS dbt_ci_pr_512 CASCADE;',
        runtime: 'sql',
        why: "one CI run's schema torn down",
      },
      {
        input:
          "psql -h localhost -U postgres -d app_test -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'",
        why: "a test database's schema reset",
      },
    ],
  },
});
