/** SQL-AST-003: TRUNCATE empties whole tables without a WHERE and, in most engines, without undo. */
import { allRegeneratedTables, allScratchTables } from '../../knowledge/sql.js';
import { writtenSnake } from '../../knowledge/sql-cutoff.js';
import { catalogBuiltSpans } from '../../knowledge/sql-dynamic.js';
import { testNamespace } from '../../knowledge/sql-throwaway.js';
import { PRODUCTION } from '../../knowledge/ephemeral-names.js';
import type { Fact, SqlStmtFact } from '../../facts.js';
import { defineRule, type FactIndex } from '../define-rule.js';
import { normalisedArgv } from '../command-line.js';

/** SQL clients whose database option or operand names where a `-c`/`-e` statement runs. */
const CLIENTS = new Set(['psql', 'mysql', 'mariadb']);
/** Client options naming the database, and options whose value is the next word (not a database). */
const DB_OPTION = /^(?:-d|-D|--dbname|--database)$/;
const VALUE_OPTION =
  /^(?:-h|-p|-P|-U|-u|-c|-e|-f|-o|-v|-S|--host|--port|--user|--username|--set|--file|--command|--execute)$/;
/** Tool-call fields naming the database a sibling SQL field runs in. */
const DB_FIELD = /^(?:database|db|dbname|database_name|db_name)$/;

/** The databases a client run names: option values, a URL's path, its operands. */
function clientDatabases(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = /^(--dbname|--database)=(.*)$/.exec(a);
    const url = /^(?:postgres(?:ql)?|mysql|mariadb):\/\/[^/]*\/([^?/]+)/.exec(a);
    if (eq !== null) out.push(eq[2]!);
    else if (url !== null) out.push(url[1]!);
    else if (DB_OPTION.test(a)) out.push(argv[++i] ?? '');
    else if (/^-d\w/.test(a)) out.push(a.slice(2));
    else if (VALUE_OPTION.test(a)) i++;
    else if (!a.startsWith('-') && !a.includes('=')) out.push(a);
  }
  return out;
}

/**
 * The statement runs in a database named as a test one (`psql -d app_test -c 'TRUNCATE ...'`, a
 * tool's `database: app_test` beside its SQL), and the client or call names nothing production:
 * emptying a test database's tables between runs is everyday work (lead decision R16, R14 twin).
 */
function inTestDatabase(s: SqlStmtFact, facts: FactIndex): boolean {
  const around = (f: Fact): boolean => f.depth === s.depth - 1;
  const client = facts
    .of('exec')
    .find(
      (e) => around(e) && CLIENTS.has(e.program) && e.span.start <= s.span.start && e.span.end >= s.span.end,
    );
  if (client !== undefined) {
    const argv = normalisedArgv(client);
    const dbs = clientDatabases(argv);
    // `\c app` in a -c switches the session to another database first.
    return (
      dbs.length > 0 &&
      dbs.every((d) => testNamespace(d)) &&
      !argv.some((a) => PRODUCTION.test(a) || /(?:^|[\s;])\\c(?:onnect)?\b/.test(a))
    );
  }
  const fields = facts.of('literal').filter((l) => around(l) && l.field !== undefined);
  const dbs = fields.filter((l) => DB_FIELD.test(l.field!.replace(/^.*\./, '')));
  return (
    dbs.length > 0 &&
    dbs.every((l) => testNamespace(l.text)) &&
    !fields.some((l) => l.text.length < 200 && PRODUCTION.test(l.text))
  );
}

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
  programs: [...CLIENTS],
  summary:
    'TRUNCATE of tables, also TRUNCATE statements built from a catalog listing and run as dynamic SQL.',
  remediationHint:
    'Do not truncate tables. Delete only the rows you need with a WHERE clause that names them, inside a transaction you can roll back.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.statement !== 'truncate') continue;
      // A load's scratch table (staging_import_orders) is emptied before each load by design.
      if (allScratchTables(s.targets)) continue;
      // The same spelled in camelCase (dbo.StgSales, TmpImport): the parser lowercased it.
      if (allScratchTables(s.targets.map((t) => writtenSnake(s.text, t)))) continue;
      // Login sessions and caches: the application fills them again (users sign in once more).
      if (allRegeneratedTables(s.targets.map((t) => writtenSnake(s.text, t)))) continue;
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
