/** SQL-AST-006: GRANT ALL, new or altered superusers, and grants of roles that amount to superuser. */
import { POWERFUL_ROLES } from '../../knowledge/sql.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SQL-AST-006',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'GRANT ALL [PRIVILEGES], CREATE/ALTER ROLE|USER ... SUPERUSER, GRANT ... ON *.* WITH GRANT OPTION, grants of superuser-equivalent roles.',
  remediationHint:
    'Grant only the privileges the task needs on the objects it needs (GRANT SELECT, INSERT ON TABLE app.orders TO app_rw); never create superusers or grant ALL.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.createsSuperuser === true) {
        yield {
          span: s.span,
          reason: `${s.statement.toUpperCase()} gives ${s.targets.join(', ') || 'a role'} superuser power`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (s.statement !== 'grant') continue;
      if (s.grantsAll === true) {
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
    ],
    allow: [
      {
        input: 'GRANT SELECT ON TABLE orders TO reporting',
        runtime: 'sql',
        why: 'one read privilege on one table',
      },
      { input: 'CREATE ROLE reader NOSUPERUSER LOGIN', runtime: 'sql', why: 'explicitly not a superuser' },
      { input: 'REVOKE ALL ON orders FROM public', runtime: 'sql', why: 'taking privileges away' },
    ],
  },
});
