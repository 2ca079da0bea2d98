/** SQL-AST-014: reading credential tables (pg_shadow, pg_authid, mysql.user, sys.sql_logins ...) or UNION-injected password columns. */
import { isCredentialTable } from '../../knowledge/sql.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SQL-AST-014',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    'SELECTs from tables that hold password hashes, and UNION SELECTs of password columns (the injected credential dump).',
  remediationHint:
    'Do not read database credential tables or password hashes. Check access with has_table_privilege()/current_user, and ask the user when an account needs changing.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      const table = s.readsTables.find(isCredentialTable);
      if (table !== undefined) {
        yield {
          span: s.span,
          reason: `the statement reads the credential table ${table}`,
          suggestedAlternative: null,
        };
        continue;
      }
      const cols = s.credentialColumns ?? [];
      if (cols.length > 0 && s.union === true)
        yield {
          span: s.span,
          reason: `a UNION SELECT pulls the password column ${cols[0]!}`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      { input: 'SELECT usename, passwd FROM pg_shadow', runtime: 'sql' },
      { input: 'SELECT rolname, rolpassword FROM pg_catalog.pg_authid', runtime: 'sql' },
      { input: 'SELECT *FROM T UNION SELECT User,Password FROM `mysql`.`user`', runtime: 'sql' },
      { input: 'select * from(SELECT User,Password FROM MYSQL.USER) a', runtime: 'sql' },
      { input: 'SELECT name, password_hash FROM master.sys.sql_logins', runtime: 'sql' },
      { input: "' UNION SELECT username, password FROM users--", runtime: 'sql' },
    ],
    allow: [
      {
        input: 'SELECT id, password_hash FROM users WHERE email = $1',
        runtime: 'sql',
        why: 'an application login lookup of one row',
      },
      { input: "select 'mysql.user'", runtime: 'sql', why: 'the name is a string literal' },
      {
        input: 'SELECT name FROM sqlite_master WHERE type = $1',
        runtime: 'sql',
        why: 'schema metadata holds no credentials',
      },
      { input: 'SELECT usename FROM pg_user', runtime: 'sql', why: 'pg_user masks the password column' },
    ],
  },
});
