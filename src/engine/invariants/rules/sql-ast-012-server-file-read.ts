/** SQL-AST-012: SQL that reads files on the database host (pg_read_file, LOAD_FILE, COPY ... FROM 'file', LOAD DATA INFILE). */
import { reachingFunctions } from '../../knowledge/sql.js';
import { isInsideWorkspace, pathPolicy, resolvePath } from '../../paths.js';
import type { Policy } from '../../policy.js';
import { defineRule } from '../define-rule.js';

/** A data file by its name (rows.csv, export.jsonl): no dot-file, no key or config shape. */
const DATA_FILE = /^(?!\.)[\w.-]+\.(?:csv|tsv|psv|txt|dat|json|jsonl|ndjson|parquet|xml|avro|orc)(?:\.gz)?$/i;

/**
 * COPY/LOAD of a data file inside the workspace (r9 FP: `COPY products FROM '/work/ws/data/products.csv'`):
 * the project's own rows loaded into its database. Relative paths, files outside it, `..` and
 * secret-shaped names stay denied.
 */
function workspaceDataFile(path: string, policy: Policy): boolean {
  // A relative path is the server's (its data directory), not the workspace's.
  if (!path.startsWith('/') || path.split('/').includes('..')) return false;
  const abs = resolvePath(path, pathPolicy(policy));
  return isInsideWorkspace(abs, pathPolicy(policy)) && DATA_FILE.test(abs.slice(abs.lastIndexOf('/') + 1));
}

/** Folders of the host's configuration, keys, processes and people (`/etc`, `/root`, `/home`, `.ssh`, `secrets`). */
const SYSTEM_DIR =
  /^(?:etc|root|home|users|proc|sys|dev|boot|run|secrets?|private|keys?|credentials?|certs?|ssl|tls|pki|vault|windows|system32|config|conf|\..*)$/i;
/** File names that say they hold a secret (`passwords.csv`, `api_tokens.json`, `id_rsa.txt`). */
const SECRET_FILE =
  /(?:passw|passwd|shadow|secret|credential|creds|token|apikey|api_key|private|id_rsa|id_ed25519|\.env|\.pgpass|\.netrc|htpasswd|keystore|wallet)/i;

/**
 * A data file the server holds for loading (r11 twin: `COPY orders FROM
 * '/var/lib/postgresql/import/orders_2024_05.csv'`, MySQL's secure_file_priv folder): an absolute
 * path to a file named as data, outside the host's configuration, key and process folders, with
 * no secret in its name. `/etc/passwd`, `~/.ssh/id_rsa` and `pg_hba.conf` stay denied.
 */
function serverDataFile(path: string): boolean {
  if (!/^(?:\/|[a-z]:\\)/i.test(path)) return false;
  const parts = path.split(/[\\/]+/).filter((p) => p !== '' && !/^[a-z]:$/i.test(p));
  const file = parts.pop() ?? '';
  return (
    !parts.includes('..') &&
    DATA_FILE.test(file) &&
    !SECRET_FILE.test(file) &&
    !parts.some((d) => SYSTEM_DIR.test(d) || SECRET_FILE.test(d))
  );
}

/** MySQL's reading of a backslash escape (`\\r` is a carriage return, `\\x` is x). */
/** A cloud bucket URL: Redshift/Databricks COPY ... FROM 's3://...' bulk-loads from it, not the host's files. */
const OBJECT_STORE_URL = /^(?:s3|gs|abfss?|wasbs?):\/\/[\w.-]+/i;

const ESCAPED: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
  b: '\b',
  Z: '\x1a',
};
/**
 * The path as the text spells it: the MySQL-mode lexer reads a Windows path's backslashes as
 * escapes (`D:\\imports\\x.csv` loses them, `\\rates.csv` becomes a carriage return).
 */
function written(text: string, path: string): string {
  if (!/^[a-z]:/i.test(path)) return path;
  for (const m of text.matchAll(/N?'([^']*)'/g))
    if (
      m[1]!.replace(/\\/g, '') === path ||
      m[1]!.replace(/\\(.)/g, (_e, c: string) => ESCAPED[c] ?? c) === path
    )
      return m[1]!;
  return path;
}

/** The files an `OPENROWSET(BULK 'path', ...)` reads. */
const BULK_PATHS = /\bopenrowset\s*\(\s*bulk\s+N?'([^']*)'/gi;
/**
 * OPENROWSET(BULK) of data files the server holds for loading (r6 twin: `OPENROWSET(BULK
 * 'C:\\imports\\rates.csv', FORMAT = 'CSV')`), judged as COPY FROM and BULK INSERT of the same file are.
 */
function bulkDataFilesOnly(text: string): boolean {
  const paths = [...text.matchAll(BULK_PATHS)].map((m) => m[1]!);
  return paths.length > 0 && paths.every(serverDataFile) && !/\bopenrowset\s*\((?!\s*bulk\b)/i.test(text);
}

export default defineRule({
  id: 'SQL-AST-012',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    'pg_read_file/pg_read_binary_file/pg_ls_dir/lo_import, LOAD_FILE, COPY ... FROM a server file, LOAD DATA INFILE, BULK INSERT, OPENROWSET(BULK).',
  remediationHint:
    'Do not make the database read files from its host. Read the file in the workspace with your own tools and insert the rows you need with parameterised INSERTs.',
  *check(facts, policy) {
    for (const s of facts.of('sql')) {
      if (
        s.readsFile !== undefined &&
        !(s.statement === 'copy' && OBJECT_STORE_URL.test(s.readsFile)) &&
        !workspaceDataFile(s.readsFile, policy) &&
        !serverDataFile(written(s.text, s.readsFile))
      ) {
        yield {
          span: s.span,
          reason: `the statement reads the file ${s.readsFile || '(unnamed)'} into the database`,
          suggestedAlternative: null,
        };
        continue;
      }
      const f = reachingFunctions(s.functions, s.qualifiedFunctions ?? []).find(
        (x) => x.reach === 'file-read' && !(/^openrowset$/i.test(x.name) && bulkDataFilesOnly(s.text)),
      );
      if (f)
        yield {
          span: s.span,
          reason: `${f.name}() reads files on the database host`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      { input: "SELECT pg_read_file('/etc/passwd')", runtime: 'sql' },
      { input: "SELECT pg_ls_dir('/root')", runtime: 'sql' },
      { input: "SELECT HEX(LOAD_FILE('/etc/passwd'))", runtime: 'sql' },
      { input: "COPY t FROM '/etc/passwd'", runtime: 'sql' },
      { input: "COPY t FROM '/root/exports/users.csv'", runtime: 'sql' },
      { input: "COPY t FROM '/srv/app/secrets/api_tokens.csv'", runtime: 'sql' },
      { input: "load data infile 'c:/boot.ini' into table foo", runtime: 'sql' },
      { input: "LOAD DATA LOCAL INFILE '/home/u/.ssh/id_rsa' INTO TABLE k", runtime: 'sql' },
      { input: "BULK INSERT mydata FROM 'c:boot.ini';", runtime: 'sql' },
      { input: "SELECT lo_import('/etc/shadow')", runtime: 'sql' },
    ],
    allow: [
      {
        input:
          "COPY orders FROM '/var/lib/postgresql/import/orders_2024_05.csv' WITH (FORMAT csv, HEADER true)",
        runtime: 'sql',
        why: 'a data file the server holds for loading',
      },
      {
        input: "select 'hex(load_file(0x633A2F77696E646F77732F7265706169722F73616D))'",
        runtime: 'sql',
        why: 'inside a string literal',
      },
      { input: 'COPY users FROM STDIN', runtime: 'sql', why: 'rows from the client' },
      { input: 'SELECT file_name FROM uploads WHERE id = $1', runtime: 'sql', why: 'a column name' },
    ],
  },
});
