/** SQL-AST-007: SHUTDOWN statements stop the database server for every client. */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SQL-AST-007',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary: 'SHUTDOWN of the database server (MySQL, SQL Server), including injected forms.',
  remediationHint:
    'Do not stop the database server. If a restart is needed, ask the user or the operator to do it.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.object !== 'shutdown') continue;
      yield {
        span: s.span,
        reason: 'SHUTDOWN stops the database server for every client',
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'SHUTDOWN', runtime: 'sql' },
      { input: "';shutdown --", runtime: 'sql' },
      { input: 'SHUTDOWN WITH NOWAIT', runtime: 'sql' },
    ],
    allow: [
      { input: "SELECT * FROM events WHERE kind = 'shutdown'", runtime: 'sql', why: 'the word is data' },
      { input: 'SELECT shutdown_at FROM hosts', runtime: 'sql', why: 'a column name' },
    ],
  },
});
