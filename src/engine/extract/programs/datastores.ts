/**
 * Query clients of other databases whose statements come in an option: cqlsh -e, clickhouse-client
 * -q, sqlcmd -Q, snowsql -q, trino/presto --execute, spark-sql/hive/beeline -e, impala-shell -q,
 * cockroach sql -e, usql -c. The statements are analysed as SQL (DROP KEYSPACE, DROP TABLE ...).
 */
import type { Invocation, Word } from '../bash/model.js';
import type { ProgramHandler } from './types.js';
import { optionValues, parseArgs } from './util.js';

interface ClientSpec {
  /** Options whose value holds statements. */
  readonly query: readonly string[];
  /** Other options that take a value (so it is not read as a positional). */
  readonly values?: readonly string[];
  /** The client is a subcommand of the program (`clickhouse client`, `cockroach sql`). */
  readonly subcommand?: string;
}

function client(spec: ClientSpec): ProgramHandler {
  const all = [...spec.query, ...(spec.values ?? [])];
  const short = all
    .filter((n) => /^-[a-zA-Z]$/.test(n))
    .map((n) => n[1])
    .join('');
  return (inv: Invocation, kit) => {
    let argv: readonly Word[] = inv.argv;
    if (spec.subcommand !== undefined) {
      if (argv[1]?.text !== spec.subcommand) return undefined;
      argv = argv.slice(1);
    }
    const args = parseArgs(argv, { short, long: all.filter((n) => n.startsWith('--')) });
    for (const q of optionValues(args, ...spec.query)) kit.nested(q.text, 'sql', q.span, inv.program);
    return undefined;
  };
}

const CLICKHOUSE: ClientSpec = {
  query: ['-q', '--query'],
  values: ['-h', '--host', '-u', '--user', '-d', '--database', '--port'],
};

export const DATASTORE_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  cqlsh: client({ query: ['-e', '--execute'], values: ['-u', '-p', '-k', '-f', '--keyspace', '--file'] }),
  'clickhouse-client': client(CLICKHOUSE),
  clickhouse: client({ ...CLICKHOUSE, subcommand: 'client' }),
  sqlcmd: client({ query: ['-Q', '-q'], values: ['-S', '-U', '-P', '-d', '-i', '-o'] }),
  snowsql: client({ query: ['-q', '--query'], values: ['-a', '-u', '-d', '-s', '-w', '-r', '-f'] }),
  trino: client({
    query: ['--execute'],
    values: ['--server', '--catalog', '--schema', '--user', '-f', '--file'],
  }),
  presto: client({
    query: ['--execute'],
    values: ['--server', '--catalog', '--schema', '--user', '-f', '--file'],
  }),
  'spark-sql': client({ query: ['-e'], values: ['-f', '--database', '--master'] }),
  hive: client({ query: ['-e'], values: ['-f', '--database'] }),
  beeline: client({ query: ['-e'], values: ['-u', '-n', '-p', '-f'] }),
  'impala-shell': client({ query: ['-q', '--query'], values: ['-i', '-d', '-f'] }),
  cockroach: client({
    query: ['-e', '--execute'],
    values: ['--url', '--host', '--user', '--database', '-d'],
    subcommand: 'sql',
  }),
  usql: client({ query: ['-c', '--command'], values: ['-f', '--file'] }),
};
