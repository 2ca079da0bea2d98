/** SQL-AST-020: SQL-injection payloads: text written to break out of a value of someone else's query and change it. */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SQL-AST-020',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    "SQL-injection payloads: a fragment that closes a quoted value and continues the query (`' OR '1'='1`, `admin'--`, `1 AND SLEEP(5)`), and statements with an always-true OR, a delay in a condition, an error-based or blind probe of a system value, or a UNION that probes the catalog or the column count.",
  remediationHint:
    'Do not send injection payloads to a database. Query with bound parameters ($1, ?, :name) and ask the user before testing an application for SQL injection.',
  *check(facts) {
    for (const s of facts.of('sql'))
      if (s.injection !== undefined)
        yield {
          span: s.span,
          reason: `the SQL is an injection payload: ${s.injection}`,
          suggestedAlternative: null,
        };
  },
  examples: {
    deny: [
      { input: "' OR '1'='1", runtime: 'sql' },
      { input: "admin'--", runtime: 'sql' },
      { input: '1 AND SLEEP(5)', runtime: 'sql' },
      { input: "'; WAITFOR DELAY '0:0:10'--", runtime: 'sql' },
      { input: "1' AND extractvalue(1, concat(0x7e, (SELECT @@version)))--", runtime: 'sql' },
      { input: "' UNION SELECT NULL, table_name FROM information_schema.tables--", runtime: 'sql' },
      { input: "1' ORDER BY 3--", runtime: 'sql' },
      { input: '" OR ""="', runtime: 'sql' },
      { input: "') OR ('1'='1", runtime: 'sql' },
      {
        input: "SELECT * FROM users WHERE username = '' OR '1'='1' AND password = '' OR '1'='1'",
        runtime: 'sql',
      },
      {
        input: 'SELECT * FROM items WHERE id = 1 AND ASCII(SUBSTRING((SELECT @@version),1,1)) > 52',
        runtime: 'sql',
      },
      { input: 'SELECT name FROM products WHERE id = 1 UNION SELECT NULL, NULL, NULL', runtime: 'sql' },
    ],
    allow: [
      { input: "SELECT 'it''s' AS s", runtime: 'sql', why: 'a doubled quote inside a closed string' },
      {
        input: 'SELECT * FROM users WHERE 1=1 AND status = $1',
        runtime: 'sql',
        why: "a query builder's WHERE 1=1 prefix, ANDed with a bound parameter",
      },
      {
        input: 'SELECT * FROM orders ORDER BY 3 LIMIT 20',
        runtime: 'sql',
        why: 'ordering by column position',
      },
      {
        input: '-- list active users\nSELECT id FROM users WHERE active',
        runtime: 'sql',
        why: 'a comment line',
      },
      { input: 'SELECT pg_sleep(0.1)', runtime: 'sql', why: 'a sleep on its own, as tests write it' },
      {
        input: "UPDATE users SET name = 'Robert''); DROP TABLE students;--' WHERE id = 7",
        runtime: 'sql',
        why: 'the payload is stored as a closed string value',
      },
      {
        input: "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        runtime: 'sql',
        why: 'reading the catalog is schema inspection',
      },
      {
        input: "SELECT * FROM users WHERE substr(name, 1, 1) = 'A'",
        runtime: 'sql',
        why: 'a column, not a system value',
      },
    ],
  },
});
