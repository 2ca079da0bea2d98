/**
 * An export or backup whose every destination is named for the owner of the data it ships (R13
 * twin-exfil-lookalike: `EXPORT DATA OPTIONS (uri = 'gs://acme-prod-exports/...') AS SELECT ...
 * FROM \`acme-prod.analytics.daily_revenue\``; `BACKUP DATABASE AcmeProd TO URL =
 * 'https://acmeprodbackups.blob.core.windows.net/...'`). The owner word is read from the project,
 * database or schema the statement names after FROM/JOIN/DATABASE, as knowledge/bucket-owners.ts
 * reads a bucket copy; a destination named for a partner, the public or a drop, a host that is not
 * an object store, or no owner word in common keeps SQL-AST-017 denying.
 */
import { namedOutside, owners } from './bucket-owners.js';

/** Quoted destinations: s3/gs buckets, Azure storage accounts and containers. */
const DEST = /'((?:s3a?|gs|gcs|azure|az|abfss?|wasbs?|https?):\/\/[^']*)'/gi;
/** Names the statement reads from or backs up (after FROM, JOIN, DATABASE, TABLE). */
const SOURCE =
  /\b(?:from|join|database|table)\s+((?:`[^`]+`|"[^"]+"|\[[^\]]+\]|[\w$-]+)(?:\s*\.\s*(?:`[^`]+`|"[^"]+"|\[[^\]]+\]|[\w$-]+))*)/gi;

/** The bucket, account or container names of a destination URL, or null when it is no object store. */
function destinationNames(url: string): string[] | null {
  const bucket = /^(?:s3a?|gs|gcs):\/\/([a-z0-9][\w.-]{1,62})(?:\/|$)/i.exec(url);
  if (bucket !== null) return [bucket[1]!];
  // abfss://container@account.dfs.core.windows.net/, https://account.blob.core.windows.net/container/
  const azure =
    /^(?:abfss?|wasbs?|azure|az|https?):\/\/(?:([\w-]+)@)?([a-z0-9]{3,24})\.(?:blob|dfs|file)\.core\.windows\.net(?:\/([\w-]+))?/i.exec(
      url,
    );
  if (azure !== null) return [azure[2]!, ...(azure[1] !== undefined ? [azure[1]] : [])];
  return null;
}

/** Owner words of the names a statement reads from: camelCase and separators split, generic words left out. */
function sourceOwners(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SOURCE)) {
    const name = m[1]!
      .replace(/[`"[\]\s]/g, '')
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase();
    out.push(...owners(name.replace(/\./g, '-')).filter((w) => w.length >= 3));
  }
  return out;
}

/** Whether every destination of `text` is named for the owner of the data the statement names. */
export function exportsToOwnStorage(text: string): boolean {
  const mine = sourceOwners(text);
  if (mine.length === 0) return false;
  const dests = [...text.matchAll(DEST)].map((m) => m[1]!);
  return (
    dests.length > 0 &&
    dests.every((url) => {
      const names = destinationNames(url);
      if (names === null || names.some(namedOutside)) return false;
      // `acme-prod-exports` shares the word acme; `acmeprodbackups` (one word, as Azure names are) holds it.
      return names.some((n) => {
        const theirs = owners(n.toLowerCase());
        return mine.some((w) => theirs.includes(w) || (w.length >= 4 && n.toLowerCase().startsWith(w)));
      });
    })
  );
}

/**
 * Words naming a bucket as the organisation's own lake, warehouse, export or backup area
 * (`acme-datalake`, `corp-lakehouse-raw`, `acme-dw-exports`, `acme-analytics-reports`,
 * `acme-ch-backups`: where a database's own backups land, fp14).
 */
const LAKE_WORD =
  /^(?:datalake|data-?lake|lake|lakehouse|warehouse|dwh|edw|dw|analytics|bi|etl|exports?|reports?|reporting|unloads?|backups?|archives?)$/;
/**
 * Redshift UNLOAD authorised by the cluster's own IAM role into a bucket named as the company's data
 * lake, warehouse or export area (R14 twin `s3://acme-datalake/`, R16 twin `s3://acme-dw-exports/`):
 * the one role an administrator attached to the cluster, writing where the warehouse's data lives.
 * The name must hold an owner word besides those (`dw-exports-7781` has none). Keys typed into
 * CREDENTIALS / ACCESS_KEY_ID, a chain of roles (`role/a,arn:...:role/b` reaches another account),
 * or a bucket named for a partner, the public or a drop stay denied.
 */
export function unloadToOwnLake(text: string): boolean {
  const role = /\biam_role\s+'([^']*)'/i.exec(text)?.[1];
  if (
    !/^\s*unload\b/i.test(text) ||
    role === undefined ||
    !/^arn:aws[\w-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/i.test(role) ||
    role.includes(',')
  )
    return false;
  if (/\b(?:credentials|access_key_id|secret_access_key|session_token)\b/i.test(text)) return false;
  const dests = [...text.matchAll(DEST)].map((m) => m[1]!);
  return (
    dests.length > 0 &&
    dests.every((url) => {
      const names = /^s3a?:\/\//i.test(url) ? destinationNames(url) : null;
      if (names === null || names.some(namedOutside)) return false;
      return lakeBucket(names[0]!);
    })
  );
}

/** A bucket named as an owner's lake, warehouse or export area: an owner word beside a purpose word. */
export function lakeBucket(bucket: string): boolean {
  const name = bucket.toLowerCase();
  if (namedOutside(name)) return false;
  const parts = name.split(/[-_.]/);
  return (
    (parts.some((w) => LAKE_WORD.test(w)) || /(?:data-?lake|lakehouse)/.test(name)) &&
    owners(name).some((w) => !LAKE_WORD.test(w) && !/\d/.test(w))
  );
}

/** ClickHouse `s3('https://BUCKET.s3.REGION.amazonaws.com/...', 'FORMAT')`: the bucket, with no keys typed. */
const CLICKHOUSE_S3 =
  /^\s*insert\s+into\s+(?:table\s+)?function\s+s3\s*\(\s*'https:\/\/([a-z0-9][a-z0-9.-]{1,62}?)\.s3(?:[.-][\w-]+)?\.amazonaws\.com\/[^']*'\s*(?:,\s*'[^']*'\s*){0,2}\)/i;
/** `BACKUP ... TO URL = 'https://ACCOUNT.blob.core.windows.net/...' ... WITH CREDENTIAL = 'NAME'`. */
const BACKUP_URL =
  /^\s*backup\s+(?:database|log)\b[\s\S]*?\bto\s+url\s*=\s*'https:\/\/([a-z0-9]{3,24})\.blob\.core\.windows\.net\/[^']*'[\s\S]*?\bcredential\s*=\s*N?'([^']+)'/i;

/**
 * Writes into storage the organisation already set up (R15/R11/R13 twins): a ClickHouse `s3()`
 * insert with the server's own credentials (no keys typed) into a bucket named as its lake or
 * export area; a SQL Server BACKUP TO URL through a server credential named for that storage account
 * (`acmebackups` with `acmebackups_sas`), when the batch does not create the credential itself.
 */
export function writesToSetUpStorage(text: string, batch: readonly string[]): boolean {
  const ch = CLICKHOUSE_S3.exec(text);
  if (ch !== null) {
    const args = (/\(([\s\S]*?)\)/.exec(text)?.[1] ?? '').split(',').length;
    return args <= 3 && lakeBucket(ch[1]!.split('.')[0]!);
  }
  const backup = BACKUP_URL.exec(text);
  if (backup === null || batch.some((t) => /^\s*create\s+(?:database\s+scoped\s+)?credential\b/i.test(t)))
    return false;
  const account = backup[1]!.toLowerCase();
  const words = backup[2]!
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(
      (w) => w.length >= 4 && !/^(?:sas|backup|backups|cred|credential|azure|blob|storage|key)$/.test(w),
    );
  return words.some((w) => account.startsWith(w) || account === w);
}

/** A typed key in a batch (`KEY_ID 'AKIA...'`, `SECRET '...'`, `CREDENTIALS '...'`): an account the text names. */
const TYPED_KEY =
  /\b(?:key_id|secret|access_key_id|aws_access_key_id|secret_access_key|aws_secret_access_key|session_token|credentials|account_key|connection_string|sas_token)\s*(?:=\s*)?'/i;

/**
 * DuckDB's `COPY ... TO 's3://acme-analytics-exports/kpis.parquet'` through the machine's own
 * credential chain (R24 twin: `CREATE SECRET (TYPE S3, PROVIDER credential_chain)`): a bucket named
 * as the organisation's lake or export area, with no key typed anywhere in the batch. A bucket named
 * for no owner or for an outsider, or keys typed into a secret (another account), stay denied.
 */
export function copyToOwnLake(destination: string, batch: readonly string[]): boolean {
  const bucket = /^(?:s3a?|gs|gcs):\/\/([a-z0-9][\w.-]{1,62})(?:\/[^'\s]*)?$/i.exec(destination)?.[1];
  return bucket !== undefined && lakeBucket(bucket) && !batch.some((t) => TYPED_KEY.test(t));
}
