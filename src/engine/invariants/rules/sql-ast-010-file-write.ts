/** SQL-AST-010: SQL that writes files on the database host (INTO OUTFILE/DUMPFILE, COPY ... TO 'file', lo_export). */
import { holdsPersonalData, reachingFunctions } from '../../knowledge/sql.js';
import type { SqlStmtFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { isSecretColumn } from '../../knowledge/sql-secret-names.js';
import { copyToOwnLake } from '../../knowledge/sql-own-storage.js';

/**
 * MySQL's secure_file_priv export folder (R12 twin: `... INTO OUTFILE '/var/lib/mysql-files/users.csv'`):
 * the one folder the server is set up to write exports to. It is not served or run by anything,
 * MySQL refuses to overwrite a file that exists, and what may be read is judged by its own rules.
 */
const EXPORT_FOLDER =
  /^(?:\/var\/lib\/mysql-files|[a-z]:[\\/]+programdata[\\/]+mysql[\\/]+mysql server [\d.]+[\\/]+uploads)[\\/]+(?:[\w.-]+[\\/]+)*[\w-]+(?:\.[\w-]+)*$/i;
/**
 * A data file in a folder named for exports below PostgreSQL's own data home (R18 twin: `COPY (...)
 * TO '/var/lib/postgresql/exports/orders_daily.csv'`): a server-side export where the server keeps
 * its dumps. The harm of a server write is in where it lands (a web root, the postgres user's
 * `.ssh` or `.psqlrc`, a config, /tmp where anyone reads it); a data file name in an exports folder
 * reaches none of them.
 */
const PG_EXPORT_FOLDER =
  /^\/var\/lib\/(?:postgresql|pgsql)\/(?:[\w-]+\/)*(?:exports?|dumps?|reports?|outgoing|outbox|unloads?)\/(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:csv|tsv|txt|json|jsonl|ndjson|parquet|dat)(?:\.gz)?$/i;
/**
 * ClickHouse's `INTO OUTFILE '...' FORMAT X` (R26 twin): clickhouse-client writes the file on the
 * client, in its working folder when the path is relative, not on the database host. MySQL has no
 * FORMAT clause there, so the clause tells the dialect.
 */
const CLIENT_OUTFILE =
  /\binto\s+outfile\s+'[^']*'\s+(?:(?:and\s+stdout|append|truncate)\s+)?(?:compression\s+'[^']*'\s+(?:level\s+\d+\s+)?)?format\s+\w+/i;
const RELATIVE_FILE = /^(?![\\/~]|[a-z]:)[\w.-]+(?:\/[\w.-]+)*$/i;
/** Every column of a table (`COPY users TO`, `SELECT *`): the whole record, whatever it holds. */
const WHOLE_ROWS = /^\s*copy\s+(?!\()[\w$."]+\s*(?:\(|to\b)|\bselect\s+(?:distinct\s+)?(?:[\w"]+\.)?\*/i;
const exportFolder = (s: SqlStmtFact, batch: readonly string[]): boolean =>
  ((/\binto\s+outfile\b/i.test(s.text) &&
    (EXPORT_FOLDER.test(s.writesFile ?? '') ||
      (CLIENT_OUTFILE.test(s.text) &&
        RELATIVE_FILE.test(s.writesFile ?? '') &&
        !(WHOLE_ROWS.test(s.text) && [...s.targets, ...s.readsTables].some(holdsPersonalData))))) ||
    (/^\s*copy\b/i.test(s.text) &&
      (PG_EXPORT_FOLDER.test(s.writesFile ?? '') || copyToOwnLake(s.writesFile ?? '', batch)) &&
      // A people or credential table dumped whole is a copy of every account, not a report.
      !(WHOLE_ROWS.test(s.text) && [...s.targets, ...s.readsTables].some(holdsPersonalData)))) &&
  !s.writesFile!.includes('..') &&
  // A secret column exported is a credential dump wherever the file lands (R10: password_hash).
  !(s.text.replace(/'(?:[^']|'')*'/g, "''").match(/[A-Za-z_]\w*/g) ?? []).some((w) => isSecretColumn(w));

export default defineRule({
  id: 'SQL-AST-010',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    'SELECT ... INTO OUTFILE/DUMPFILE, COPY ... TO a server file, lo_export, INSERT OVERWRITE DIRECTORY, SQLite ATTACH of a new file.',
  remediationHint:
    'Do not make the database write files on its host. Read the rows with a plain SELECT (or COPY ... TO STDOUT) and let the application write the output inside the workspace.',
  *check(facts) {
    const batch = facts.of('sql').map((s) => s.text);
    for (const s of facts.of('sql')) {
      if (s.writesFile !== undefined && !exportFolder(s, batch)) {
        const copy = s.statement === 'copy' && s.targets[0];
        yield {
          span: s.span,
          reason: `the statement writes the server file ${s.writesFile || '(unnamed)'}`,
          suggestedAlternative: copy ? `COPY ${s.targets[0]} TO STDOUT WITH (FORMAT csv)` : null,
        };
        continue;
      }
      for (const f of reachingFunctions(s.functions, s.qualifiedFunctions ?? []))
        if (f.reach === 'file-write')
          yield {
            span: s.span,
            reason: `${f.name}() writes a file on the database host`,
            suggestedAlternative: null,
          };
    }
  },
  examples: {
    deny: [
      { input: "SELECT * FROM users INTO OUTFILE '/tmp/users.csv'", runtime: 'sql' },
      { input: "SELECT 0x3c3f706870 INTO DUMPFILE '/var/www/html/x.php'", runtime: 'sql' },
      { input: "COPY users TO '/tmp/users.csv' WITH CSV", runtime: 'sql' },
      { input: "SELECT lo_export(16400, '/var/www/html/x.php')", runtime: 'sql' },
      { input: "INSERT OVERWRITE LOCAL DIRECTORY 'x' SELECT 1", runtime: 'sql' },
      {
        input: "COPY (SELECT 'ssh-ed25519 AAAA') TO '/var/lib/postgresql/.ssh/authorized_keys'",
        runtime: 'sql',
      },
      {
        input:
          "CREATE SECRET s (TYPE S3, KEY_ID 'AKIAEXAMPLE', SECRET 'x'); COPY users TO 's3://acme-analytics-exports/u.parquet'",
        runtime: 'sql',
      },
    ],
    allow: [
      {
        input: 'COPY users TO STDOUT WITH CSV HEADER',
        runtime: 'sql',
        why: 'output goes to the client, not a server file',
      },
      { input: "select 'outfile'", runtime: 'sql', why: 'the word is a string literal' },
      {
        input:
          "SELECT toDate(ts) AS d, count() FROM logs.requests GROUP BY d INTO OUTFILE 'reports/requests_by_day.csv' FORMAT CSVWithNames",
        runtime: 'sql',
        why: 'ClickHouse writes the file on the client, in its working folder',
      },
      {
        input: "SELECT id, email FROM users INTO OUTFILE '/var/lib/mysql-files/users.csv'",
        runtime: 'sql',
        why: "the server's secure_file_priv export folder",
      },
      {
        input:
          "COPY (SELECT id, status, total FROM orders WHERE created_at::date = current_date - 1) TO '/var/lib/postgresql/exports/orders_daily.csv' WITH CSV HEADER",
        runtime: 'sql',
        why: "a data file in an exports folder of the server's own data home",
      },
      {
        input:
          "CREATE SECRET (TYPE S3, PROVIDER credential_chain); COPY (SELECT * FROM 'data/kpis.parquet') TO 's3://acme-analytics-exports/kpis.parquet'",
        runtime: 'sql',
        why: "DuckDB writing the project's file to the company's export bucket with the machine's own credentials",
      },
      { input: 'SELECT x AS INTO FROM bla', runtime: 'sql', why: 'INTO as an alias' },
      { input: 'INSERT INTO exports (path) VALUES ($1)', runtime: 'sql', why: 'ordinary insert' },
    ],
  },
});
