/**
 * SQL text built from what a web client sent (R23: `db.query(\`SELECT ... LIKE '%${req.query.q}%'\`)`
 * in an express route, `cursor.execute(f"... {request.args['q']}")` in a flask view): whoever
 * sends the request writes part of the statement and reads or changes any table (injection). Read by
 * data flow, so a value carried through names and concatenations counts; a parameterised query
 * (`$1` with the values apart, a `sql` tagged template) holds no client text and stays allowed.
 * Becomes one `agent-guard-action expose database` line for PLT-AST-003.
 */
import { ACTION_PROGRAM } from '../tool-call/saas.js';
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { fromClient } from './effects.js';
import { deepSources, type Val } from './value.js';

/** Notes a statement whose text carries a client's data. */
export function requestBuiltSql(col: Collector, sql: Val | undefined, span: Span): void {
  if (sql === undefined || !deepSources(sql).some(fromClient)) return;
  col.exec(
    span,
    [ACTION_PROGRAM, 'expose', 'database', 'builds SQL text from what the request sends (SQL injection)'],
    false,
    'code',
  );
}
