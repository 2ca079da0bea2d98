/** SQL-AST-001: DROP DATABASE / SCHEMA / TABLESPACE / OWNED: whole namespaces of data removed at once. */
import { defineRule } from '../define-rule.js';

const WHOLE = new Set(['database', 'schema', 'tablespace', 'owned']);

export default defineRule({
  id: 'SQL-AST-001',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary: 'DROP DATABASE, DROP SCHEMA, DROP TABLESPACE and DROP OWNED.',
  remediationHint:
    'Do not drop databases or schemas. If a clean database is needed, create a new one with a different name (CREATE DATABASE app_scratch) and ask the user before removing anything.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.statement !== 'drop' || !WHOLE.has(s.object ?? '')) continue;
      yield {
        span: s.span,
        reason:
          `DROP ${(s.object ?? '').toUpperCase()} ${s.targets.join(', ')} removes every object inside it`.trim(),
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
