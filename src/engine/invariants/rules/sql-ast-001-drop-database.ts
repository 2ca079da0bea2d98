/** SQL-AST-001: DROP DATABASE / SCHEMA / TABLESPACE / OWNED: whole namespaces of data removed at once. */
import { defineRule } from '../define-rule.js';

const WHOLE = new Set(['database', 'schema', 'tablespace', 'owned']);
const REPLACES = /^\s*create\s+or\s+replace\b/i;
/** Namespaces named for development, tests or CI: rebuilt from code, so replacing one loses nothing. */
const THROWAWAY = /(?:^|_)(?:dev|test|tests|tmp|temp|scratch|ci|sandbox|pr\d+)(?:_|\d|$)/;

export default defineRule({
  id: 'SQL-AST-001',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'DROP DATABASE, DROP SCHEMA, DROP TABLESPACE and DROP OWNED; CREATE OR REPLACE DATABASE/SCHEMA (Snowflake), which drops the existing one.',
  remediationHint:
    'Do not drop databases or schemas. If a clean database is needed, create a new one with a different name (CREATE DATABASE app_scratch) and ask the user before removing anything.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.statement !== 'drop' || !WHOLE.has(s.object ?? '')) continue;
      // A dev, test or CI namespace rebuilt by CREATE OR REPLACE (dbt's dbt_ci_123, analytics_dev).
      if (REPLACES.test(s.text) && s.targets.every((t) => THROWAWAY.test(t.toLowerCase().split('.').pop()!)))
        continue;
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
      { input: 'drop schema test_schema', runtime: 'sql' },
      { input: 'DROP DATABASE `shop`', runtime: 'sql' },
      { input: 'SELECT 1; DROP DATABASE prod;', runtime: 'sql' },
      { input: "psql -c 'DROP DATABASE prod'" },
    ],
    allow: [
      { input: 'CREATE DATABASE app_test', runtime: 'sql', why: 'creating is not destroying' },
      {
        input: "SELECT 'DROP DATABASE prod' AS note",
        runtime: 'sql',
        why: 'the words sit inside a string literal',
      },
      { input: '-- DROP DATABASE prod\nSELECT 1', runtime: 'sql', why: 'a comment every dialect ignores' },
    ],
  },
});
