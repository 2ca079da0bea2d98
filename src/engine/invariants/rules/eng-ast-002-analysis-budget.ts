/**
 * ENG-AST-002: an input whose analysis ran out of its work budget (src/engine/budget.ts) is denied.
 * The analysis stopped part-way, so what it did not reach cannot be proven safe, and an input
 * crafted to be expensive is itself a denial-of-service attempt on the guard (issue 22). Filed
 * under NO_SHELL_BREAKOUT like ENG-AST-001: input that escapes analysis escapes the guard.
 */
import { defineRule } from '../define-rule.js';

// Each statement is rejected by PostgreSQL, so each costs a parse attempt and its error path.
const REJECTED_SQL = "SELECT * FRM users WHERE id = 1 AND name = 'x';\n".repeat(4000);

export default defineRule({
  id: 'ENG-AST-002',
  invariant: 'NO_SHELL_BREAKOUT',
  kinds: ['budget'],
  summary:
    'The analysis ran out of its work budget (too many statements, nodes or expansions): the input is too complex to analyse safely.',
  remediationHint:
    'The input is too large or too complex to check. Split it into smaller commands or scripts and submit them one at a time.',
  *check(facts) {
    const b = facts.of('budget')[0];
    if (b === undefined) return;
    yield {
      span: b.span,
      reason: `analysis stopped after ${b.used} units (${b.where}; limit ${b.limit}): input too complex to analyse safely`,
      suggestedAlternative: null,
    };
  },
  examples: {
    deny: [{ input: REJECTED_SQL, runtime: 'sql' }],
    allow: [
      {
        input: 'SELECT id FROM users WHERE id = 1;\n'.repeat(400),
        runtime: 'sql',
        why: 'many statements PostgreSQL parses in one call: linear and cheap',
      },
    ],
  },
});
