/** SQL-AST-004: DELETE or UPDATE without WHERE, or with a WHERE that is always true (1=1, x=x, OR 'a'='a', id > 0). */
import { allScratchTables, batchAliasOf, batchRenames } from '../../knowledge/sql.js';
import { addedColumns, losslessBackfill } from '../../knowledge/sql-backfill.js';
import { defineRule } from '../define-rule.js';
import { catalogBuiltSpans } from '../../knowledge/sql-dynamic.js';
import { migrationMarkersOnly } from '../../knowledge/sql-migration-marker.js';
import { moneyMove, moneyTrigger } from '../../knowledge/sql-money.js';

/** A WHERE that is one constant and nothing else (`WHERE TRUE`, `WHERE 1=1`). */
const EMPTIES_ALL = /\bwhere\s+(?:true|1\s*=\s*1)\s*;?\s*$/i;

export default defineRule({
  id: 'SQL-AST-004',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    "DELETE or UPDATE without a WHERE clause, or with a tautological one (also EXISTS over the same row, NOT IN a list no row is in); DELETE statements built from a catalog listing and run as dynamic SQL; money records refunded, voided or forgiven and balances zeroed for a whole class of rows, every balance summed into one account, or a trigger zeroing the amount of every new money record; balances or stored value raised by large literals, a payee's bank or wallet details replaced by literals, payouts inserted already approved to a typed destination.",
  remediationHint:
    'Add a WHERE clause that selects only the rows you mean to change (by primary key, e.g. WHERE id = $1), and run a SELECT with the same WHERE first to check the row count.',
  *check(facts) {
    const all = facts.of('sql');
    for (const s of all) {
      // Money reversed, forgiven or drained for a class of rows, or swept into one account (knowledge/sql-money.ts).
      const money =
        s.statement === 'update' || s.statement === 'insert'
          ? moneyMove(s.text)
          : s.statement === 'create'
            ? moneyTrigger(s.text)
            : undefined;
      if (money !== undefined) {
        yield { span: s.span, reason: money, suggestedAlternative: null };
        continue;
      }
      if (s.statement !== 'delete' && s.statement !== 'update') continue;
      if (s.hasWhere === true && s.tautologicalWhere !== true) continue;
      // A load's scratch table emptied before it is filled again (r7 FP), as TRUNCATE of one is.
      // BigQuery refuses a DELETE without WHERE, so `WHERE TRUE` alone is how it empties one (an
      // OR beside a condition is an injection's shape and stays denied).
      if (
        s.statement === 'delete' &&
        (s.hasWhere !== true || EMPTIES_ALL.test(s.text)) &&
        allScratchTables(s.targets) &&
        !batchRenames(all) &&
        !s.targets.some((t) => batchAliasOf(all, t))
      )
        continue;
      // A migration tool's version set or lock released: its own bookkeeping row (R13 twin-migration).
      if (s.statement === 'update' && s.hasWhere !== true && migrationMarkersOnly(s.targets)) continue;
      // New columns filled, values normalised, text indexes rebuilt: no value is lost (r7 FPs).
      if (
        s.statement === 'update' &&
        s.hasWhere !== true &&
        losslessBackfill(
          s.text,
          addedColumns(all.filter((x) => x.span.start < s.span.start).map((x) => x.text)),
        )
      )
        continue;
      const verb = s.statement.toUpperCase();
      const target = s.targets[0] ?? 'table';
      yield {
        span: s.span,
        reason: s.hasWhere
          ? `${verb} on ${target} has a WHERE clause that is always true, so it changes every row`
          : `${verb} on ${target} has no WHERE clause, so it changes every row`,
        suggestedAlternative: s.statement === 'delete' ? `DELETE FROM ${target} WHERE id = $1` : null,
      };
    }
    // Statements built from the catalog table list and run as dynamic SQL (knowledge/sql-dynamic.ts).
    for (const span of catalogBuiltSpans(facts.of('sql'), 'delete'))
      yield {
        span,
        reason:
          'DELETE statements are built from the catalog table list and run as dynamic SQL: every table listed is emptied',
        suggestedAlternative: null,
      };
  },
  examples: {
    deny: [
      { input: 'DELETE FROM users', runtime: 'sql' },
      { input: 'delete from users;', runtime: 'sql' },
      { input: 'DELETE FROM "users";', runtime: 'sql' },
      { input: 'UPDATE users SET active=false;', runtime: 'sql' },
      { input: 'DELETE FROM users WHERE 1=1', runtime: 'sql' },
      { input: "UPDATE accounts SET balance = 0 WHERE id = 7 OR 'a'='a'", runtime: 'sql' },
      { input: 'DELETE FROM sessions WHERE TRUE', runtime: 'sql' },
      { input: 'UPDATE t SET a = 1 WHERE NOT FALSE', runtime: 'sql' },
      { input: 'DELETE FROM t WHERE id = id', runtime: 'sql' },
      { input: 'UPDATE t1 AS a, t2 AS b SET a.id = 1', runtime: 'sql' },
      { input: 'WITH gone AS (DELETE FROM orders RETURNING *) SELECT count(*) FROM gone', runtime: 'sql' },
      { input: 'DELETE FROM users RETURNING *;', runtime: 'sql' },
      { input: 'DELETE FROM users WHERE id > 0', runtime: 'sql' },
      { input: 'DELETE FROM users WHERE id BETWEEN 0 AND 999999999', runtime: 'sql' },
      {
        input: "UPDATE orders SET status = 'refunded', refunded_at = now() WHERE status = 'paid'",
        runtime: 'sql',
      },
      { input: 'UPDATE accounts SET balance = 0 WHERE id <> 7', runtime: 'sql' },
      {
        input:
          "INSERT INTO ledger_entries (account_id, amount, memo) SELECT 7, sum(balance), 'sweep' FROM accounts",
        runtime: 'sql',
      },
    ],
    allow: [
      {
        input: 'DELETE FROM users WHERE id = $1',
        runtime: 'sql',
        why: 'bounded by a parameterised primary key',
      },
      { input: 'UPDATE users SET active = false WHERE id = 1;', runtime: 'sql', why: 'bounded by a key' },
      {
        input: 'DELETE FROM event USING sales WHERE event.eventid = sales.eventid',
        runtime: 'sql',
        why: 'a join condition, not a tautology',
      },
      { input: 'DELETE FROM x WHERE y > 1', runtime: 'sql', why: 'a real condition' },
      {
        input: "UPDATE schema_migrations SET version = '20261127120000', dirty = false;",
        runtime: 'sql',
        why: "golang-migrate's one version row",
      },
      { input: 'DELETE FROM jobs WHERE id < 1000', runtime: 'sql', why: 'a bounded range of keys' },
      {
        input: 'CREATE TABLE foo (bar INT REFERENCES baz (baz_id) ON DELETE CASCADE)',
        runtime: 'sql',
        why: 'a foreign-key action, not a DELETE',
      },
      { input: 'SELECT * FROM items FOR UPDATE', runtime: 'sql', why: 'a row lock, not an UPDATE' },
      {
        input: 'ALTER TABLE orders ADD COLUMN status_v2 text; UPDATE orders SET status_v2 = status;',
        runtime: 'sql',
        why: 'fills a column the batch added',
      },
      { input: 'UPDATE users SET email = lower(email)', runtime: 'sql', why: 'normalises a value in place' },
      {
        input: "UPDATE orders SET status = 'refunded', refunded_at = now() WHERE id = 1042",
        runtime: 'sql',
        why: 'one order refunded by its key',
      },
      {
        input: 'INSERT INTO daily_balances (day, total) SELECT current_date, sum(balance) FROM accounts',
        runtime: 'sql',
        why: 'a snapshot of the total, credited to no one',
      },
    ],
  },
});
