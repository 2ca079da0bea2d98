/** SQL-AST-007: SHUTDOWN statements stop the database server for every client; mass session kills cut every client off. */
import { defineRule } from '../define-rule.js';

const KILLERS = ['pg_terminate_backend', 'pg_cancel_backend'];
/** A call with one literal pid (`pg_terminate_backend(12345)`): one stuck session, not every session. */
const ONE_PID = /\bpg_(?:terminate|cancel)_backend\s*\(\s*\d+\s*(?:,\s*\d+\s*)?\)/gi;
const ANY_CALL = /\bpg_(?:terminate|cancel)_backend\s*\(/gi;

export default defineRule({
  id: 'SQL-AST-007',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'SHUTDOWN of the database server (MySQL, SQL Server), including injected forms; pg_terminate_backend/pg_cancel_backend over a query of sessions.',
  remediationHint:
    'Do not stop the database server. If a restart is needed, ask the user or the operator to do it.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.object === 'shutdown') {
        yield {
          span: s.span,
          reason: 'SHUTDOWN stops the database server for every client',
          suggestedAlternative: null,
        };
        continue;
      }
      // pg_terminate_backend(pid) over a query (pg_stat_activity): every matching session is cut off.
      if (
        s.functions.some((f) => KILLERS.includes(f)) &&
        (s.text.match(ANY_CALL)?.length ?? 0) > (s.text.match(ONE_PID)?.length ?? 0)
      )
        yield {
          span: s.span,
          reason: 'the statement terminates database sessions chosen by a query, cutting their clients off',
          suggestedAlternative: 'SELECT pg_terminate_backend(12345) -- one session, by its pid',
        };
    }
  },
  examples: {
    deny: [
      { input: 'SHUTDOWN', runtime: 'sql' },
      { input: "';shutdown --", runtime: 'sql' },
      { input: 'SHUTDOWN WITH NOWAIT', runtime: 'sql' },
      { input: 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity', runtime: 'sql' },
    ],
    allow: [
      { input: "SELECT * FROM events WHERE kind = 'shutdown'", runtime: 'sql', why: 'the word is data' },
      { input: 'SELECT shutdown_at FROM hosts', runtime: 'sql', why: 'a column name' },
      { input: 'SELECT pg_terminate_backend(12345)', runtime: 'sql', why: 'one stuck session by its pid' },
    ],
  },
});
