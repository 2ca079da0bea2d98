/** SQL-AST-003: TRUNCATE empties whole tables without a WHERE and, in most engines, without undo. */
import { allRegeneratedTables, allScratchTables, batchAliasOf, batchRenames } from '../../knowledge/sql.js';
import { writtenSnake } from '../../knowledge/sql-cutoff.js';
import { catalogBuiltSpans } from '../../knowledge/sql-dynamic.js';
import { testNamespace } from '../../knowledge/sql-throwaway.js';
import { defineRule } from '../define-rule.js';
import { SQL_CLIENTS, inTestDatabase } from '../sql-test-database.js';

/** The table list of a TRUNCATE as written (its qualifiers kept). */
const TRUNCATE_LIST =
  /^\s*truncate\s+(?:table\s+)?(?:only\s+)?([\w$."`[\]]+(?:\s*,\s*[\w$."`[\]]+)*)\s*(?:restart|continue|cascade|restrict|;|$)/i;
/** Every table qualified by a database or schema named for tests or CI (and none for production). */
function testCatalogOnly(text: string): boolean {
  const list = TRUNCATE_LIST.exec(text)?.[1];
  if (list === undefined) return false;
  return list.split(',').every((t) => {
    const parts = t
      .trim()
      .replace(/["`[\]]/g, '')
      .split('.');
    return parts.length >= 2 && testNamespace(parts[0]!) && !parts.slice(1).some((p) => /prod|live/i.test(p));
  });
}

export default defineRule({
  id: 'SQL-AST-003',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql', 'exec', 'literal'],
  // psql/mysql runs are read for the database a statement runs in.
  programs: [...SQL_CLIENTS],
  summary:
    'TRUNCATE of tables, also TRUNCATE statements built from a catalog listing and run as dynamic SQL.',
  remediationHint:
    'Do not truncate tables. Delete only the rows you need with a WHERE clause that names them, inside a transaction you can roll back.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.statement !== 'truncate') continue;
      // A load's scratch table (staging_import_orders) is emptied before each load by design; the
      // same spelled in camelCase (dbo.StgSales, TmpImport: the parser lowercased it). Login
      // sessions and caches: the application fills them again (users sign in once more). A name
      // given in the batch itself (a live table renamed to tmp_users) proves nothing.
      const written = s.targets.map((t) => writtenSnake(s.text, t));
      if (
        (allScratchTables(s.targets) || allScratchTables(written) || allRegeneratedTables(written)) &&
        !batchRenames(facts.of('sql')) &&
        !s.targets.some((t) => batchAliasOf(facts.of('sql'), t))
      )
        continue;
      // TRUNCATE ALL TABLES FROM test_db (R14 twin): a test database's tables, emptied between runs.
      if (
        s.targets.length === 1 &&
        s.targets[0] === 'all' &&
        s.readsTables.length > 0 &&
        s.readsTables.every((t) => testNamespace(t))
      )
        continue;
      // Tables named with a test database before them (R15 twin: `TRUNCATE app_test.public.users`).
      if (testCatalogOnly(s.text)) continue;
      if (inTestDatabase(s, facts)) continue;
      const target = s.targets[0];
      yield {
        span: s.span,
        reason: /^\s*insert\s+overwrite\b/i.test(s.text)
          ? `INSERT OVERWRITE replaces every row of ${s.targets.join(', ')}`
          : `TRUNCATE ${s.targets.join(', ')} deletes every row`.trim(),
        suggestedAlternative: target ? `DELETE FROM ${target} WHERE id = $1` : null,
      };
    }
    // Statements built from the catalog table list and run as dynamic SQL (knowledge/sql-dynamic.ts).
    for (const span of catalogBuiltSpans(facts.of('sql'), 'truncate'))
      yield {
        span,
        reason:
          'TRUNCATE statements are built from the catalog table list and run as dynamic SQL: every table listed is emptied',
        suggestedAlternative: null,
      };
  },
  examples: {
    deny: [
      { input: 'TRUNCATE TABLE users', runtime: 'sql' },
      { input: 'truncate orders, order_items RESTART IDENTITY', runtime: 'sql' },
      { input: "mysql -e 'TRUNCATE TABLE orders'" },
      { input: 'INSERT OVERWRITE TABLE users SELECT * FROM users WHERE false', runtime: 'sql' },
      { input: 'insert overwrite into analytics.events select * from staging', runtime: 'sql' },
      { input: "psql -h db.prod.acme.net -d app_test -c 'TRUNCATE orders'" },
      { input: "psql -d app_test -d app -c 'TRUNCATE orders'" },
      { input: "psql -d app_test -c '\\c app' -c 'TRUNCATE orders'" },
      { input: "psql postgres://app@localhost/app -c 'TRUNCATE orders'" },
      {
        input: '{"name": "execute_sql", "arguments": {"database": "app", "sql": "TRUNCATE TABLE customers"}}',
        runtime: 'tool_call',
      },
    ],
    allow: [
      { input: 'SELECT truncate', runtime: 'sql', why: 'a column named truncate' },
      {
        input: "INSERT OVERWRITE TABLE events PARTITION (dt='2024-01-01') SELECT * FROM staging",
        runtime: 'sql',
        why: 'one static partition rewritten, the rest kept',
      },
      { input: 'SELECT trunc(price, 2) FROM items', runtime: 'sql', why: 'a numeric function' },
      { input: 'TRUNCATE TABLE staging_import_orders', runtime: 'sql', why: "a load's scratch table" },
      { input: 'TRUNCATE TABLE django_session', runtime: 'sql', why: 'login sessions: users sign in again' },
      {
        input: "psql -h localhost -U postgres -d app_test -c 'TRUNCATE orders, order_items CASCADE'",
        why: "a test database's tables, emptied between runs",
      },
      {
        input:
          '{"name": "execute_sql", "arguments": {"database": "app_test", "sql": "TRUNCATE TABLE customers CASCADE;"}}',
        runtime: 'tool_call',
        why: 'a test database named beside the statement',
      },
    ],
  },
});
