/**
 * The database a statement runs in, when the input names it: the client that runs it (`psql -d
 * app_test -c '...'`, also inside `docker run postgres psql ...`) or a tool call's database field
 * beside its SQL. A test database's contents are rebuilt by its suite, so emptying or resetting
 * what is inside it is everyday work (lead decision R16, R14 twins).
 */
import type { Fact, SqlStmtFact } from '../facts.js';
import { PRODUCTION } from '../knowledge/ephemeral-names.js';
import { testNamespace } from '../knowledge/sql-throwaway.js';
import { memoBatch } from '../knowledge/name-memo.js';
import type { FactIndex } from './define-rule.js';
import { normalisedArgv } from './command-line.js';

/** SQL clients whose database option or operand names where a `-c`/`-e` statement runs. */
export const SQL_CLIENTS: ReadonlySet<string> = new Set(['psql', 'mysql', 'mariadb']);
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

/** `USE db` naming a database not named for tests. */
function switchesAway(text: string): boolean {
  const m = /^\s*use\s+([\w$.`"[\]-]+)/i.exec(text);
  return m !== null && !testNamespace(m[1]!);
}

/** The depths at which some statement of the batch switches to a database not named for tests. */
const depthsSwitchedAway = memoBatch(
  (sql: readonly SqlStmtFact[]): ReadonlySet<number> =>
    new Set(sql.filter((o) => switchesAway(o.text)).map((o) => o.depth)),
);

/**
 * The statement runs in a database named as a test one (`psql -d app_test -c 'TRUNCATE ...'`, a
 * tool's `database: app_test` beside its SQL), and the client or call names nothing production:
 * emptying a test database's tables between runs is everyday work (lead decision R16, R14 twin).
 * `only` limits the clients that count (a MySQL SCHEMA is a whole database).
 */
export function inTestDatabase(s: SqlStmtFact, facts: FactIndex, only?: ReadonlySet<string>): boolean {
  const around = (f: Fact): boolean => f.depth === s.depth - 1;
  // `USE app;` in the batch switches the session to another database first.
  if (depthsSwitchedAway(facts.of('sql')).has(s.depth)) return false;
  const client = facts
    .of('exec')
    .find(
      (e) =>
        around(e) && SQL_CLIENTS.has(e.program) && e.span.start <= s.span.start && e.span.end >= s.span.end,
    );
  if (only !== undefined && (client === undefined || !only.has(client.program))) return false;
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
