/**
 * Python datastore clients whose statement methods the generic `execute` reading misses (issue 22,
 * r4): clickhouse-connect `client.command/query(...)`, duckdb `.sql/.query(...)`, and task runners
 * that run a shell line (invoke, fabric). The statement or line is handed to the SQL or shell
 * analysis as it is, like psycopg's `execute` text (code/effects.ts sqlQuery).
 */
import { runShell, sqlQuery } from '../code/effects.js';
import { opaque, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall, testRun } from './calls.js';

const VIA = 'python';

/** The statement a client method takes first (or as `query=` / `cmd=` / `sql=`). */
function statementCall(w: PyWalker, c: PyCall): Val | undefined {
  const q = c.args[0] ?? c.kw.get('query') ?? c.kw.get('cmd') ?? c.kw.get('sql');
  if (q === undefined) return undefined;
  const at = c.argNodes[0];
  sqlQuery(w.col, q, at ? w.span(at) : c.span, VIA, testRun(w, c));
  return opaque([q]);
}

/** A shell command line run by a task runner (`invoke.run('...')`, fabric's `Connection(...).run`). */
function shellLine(w: PyWalker, c: PyCall): Val | undefined {
  const cmd = c.args[0] ?? c.kw.get('command');
  if (cmd === undefined) return undefined;
  const at = c.argNodes[0];
  runShell(w.col, c.span, cmd, VIA, { codeSpan: at ? w.span(at) : c.span });
  return { ...opaque([cmd]), sources: [{ kind: 'output', program: 'sh' }] };
}

const CLICKHOUSE = ['clickhouse_connect.get_client()', 'clickhouse_connect.create_client()'];
const DUCKDB = ['duckdb.connect()', 'duckdb.DuckDBPyConnection()', 'duckdb'];

PY_CALLS.add(
  [
    ...CLICKHOUSE.flatMap((r) =>
      ['command', 'query', 'query_df', 'query_arrow', 'raw_query'].map((m) => `${r}.${m}`),
    ),
    ...DUCKDB.flatMap((r) => ['sql', 'query', 'execute', 'executemany'].map((m) => `${r}.${m}`)),
  ],
  statementCall,
);
PY_CALLS.add(
  [
    'invoke.run',
    'invoke.sudo',
    'invoke.Context().run',
    'invoke.Context().sudo',
    // fabric's run/sudo run on the connection's host: python/calls.ts remoteShell.
    'fabric.Connection().local',
    'fabric.api.local',
    'fabric.operations.local',
  ],
  shellLine,
);
