/**
 * Stored data copied to a place its owner does not hold (red team r14 data-out), under any tool's
 * shape: `azcopy {source, destination}` between storage accounts, `bigquery_copy_dataset` into
 * another project, `rclone copy` into a file-sharing service, `copy_object` into a drop bucket, a
 * table exported or a backup uploaded to an anonymous file-drop host, a warehouse unloaded to a
 * partner's stage. Whose a store is comes from its name (knowledge/bucket-owners.ts, as SEC-AST-018
 * reads `aws s3 cp`); replication between the owner's own stores, copies of data that is neither
 * production, people's data nor a backup, and copies into the owner's stores stay allowed. Each
 * becomes one `agent-guard-action leak data <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeEntries } from './snake-entries.js';
import { copiesOut, holdsPrivate, namedOutside } from '../../knowledge/bucket-owners.js';
import { fileDropUrl } from '../../knowledge/file-drop-hosts.js';
import { union, type Gate } from './signals.js';
import { FREE_MAIL, registrable } from './recipients.js';
import { LURE_HOST } from '../../knowledge/lure-host.js';
import { nounAfter } from './side-stream.js';

/** Name words of a copy, export or upload of stored data. */
const COPY =
  /^(?:copy|cp|sync|rsync|replicate|mirror|clone|transfer|export|unload|upload|azcopy|rclone|offload|ship)$/;
const NOT_COPY = /^(?:get|list|read|describe|show|status|view|check|cancel|delete|remove|download|import)$/;
/** Keys of what is copied, and of where it goes. */
const SOURCE_KEY =
  /^(?:source|src|from|source_\w+|from_\w+|table|tables|table_name|dataset|dataset_id|query|sql|path|file|file_path|local_path|bucket)$/;
const DEST_KEY =
  /^(?:destination|dest|dst|to|target|target_\w+|destination_\w+|dest_\w+|to_\w+|stage|stage_url|output|output_uri|output_url|location|url|uri|upload_url|remote|deliver_to|delivery_\w+|send_to|export_to|push_to)$/;
/** rclone backends that are file-sharing services, not the owner's cloud storage. */
const SHARING_REMOTE = /^(?:dropbox|mega|gdrive|drive|onedrive|pcloud|box|yandex|koofr|mediafire|putio)\d*:/i;
/**
 * The drives of the office suites an organisation signs its people into (Google Workspace,
 * Microsoft 365, Box): an account's own export saved there (`export_contacts` to `drive:Backups`,
 * R20 FP) stays with its owner. A named store (a bucket, a table) copied there is still judged.
 */
const SUITE_DRIVE = /^(?:gdrive|drive|onedrive|box)\d*:/i;

/**
 * A store's name from a reference: a bucket URL, a storage account and container, a BigQuery
 * `project:dataset` (the project owns it), an rclone `remote:bucket/path` (the bucket's name says whose).
 */
function storeName(ref: string, warehouse: boolean): string | undefined {
  const v = ref.trim();
  const bucket = /^(?:s3a?|gs|az|wasbs?|abfss?):\/\/([^/?#\s]+)/i.exec(v);
  if (bucket !== null) return bucket[1]!.toLowerCase().replace(/@/g, '-');
  const blob = /^https:\/\/([a-z0-9]+)\.(?:blob|dfs)\.core\.windows\.net\/([a-z0-9-]+)/i.exec(v);
  if (blob !== null) return `${blob[1]!}-${blob[2]!}`.toLowerCase();
  // BigQuery's `project.dataset.table`: the project owns it.
  const dotted = warehouse ? /^([a-z][\w-]{1,62})\.\w{1,1024}(?:\.\w{1,1024})?$/i.exec(v) : null;
  if (dotted !== null) return dotted[1]!.toLowerCase();
  // Not `host:port`.
  const pair = /^([a-z][\w-]{1,62}):(?!\d+(?:\/|$))([\w./-]{1,200})$/i.exec(v);
  if (pair === null) return undefined;
  return (warehouse ? pair[1]! : `${pair[1]!}-${pair[2]!.split('/')[0]!}`).toLowerCase();
}

/** The tables a query reads (`select * from prod.crm.customers`), as one name. */
function queried(sql: string): string | undefined {
  const m = /\bfrom\s+([\w."`[\]]+)/i.exec(sql.slice(0, 4096));
  return m?.[1]?.replace(/["`[\]]/g, '');
}

/** Storage account names glued from the same owner (`acmeprod` and `acmeproddr`). */
function sameAccount(from: string, to: string): boolean {
  const a = from.split('-')[0]!;
  const b = to.split('-')[0]!;
  return a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a));
}

function why(source: string, dest: string, warehouse: boolean, ownExport: boolean): string | undefined {
  const store = storeName(source, warehouse);
  const from = store ?? queried(source) ?? source;
  const sharing =
    SHARING_REMOTE.test(dest) && !SHARING_REMOTE.test(source) && !(ownExport && SUITE_DRIVE.test(dest));
  if (fileDropUrl(dest) || sharing)
    return holdsPrivate(from)
      ? `${from.slice(0, 80)} goes to ${dest.slice(0, 80)}, ${sharing ? 'a file-sharing service' : 'an anonymous file-drop host'}`
      : undefined;
  const to = storeName(dest, warehouse);
  if (to === undefined) return undefined;
  // A table, query or file says nothing of its owner: only a destination named for another party counts.
  if (store === undefined)
    return holdsPrivate(from) && namedOutside(to)
      ? `${from.slice(0, 80)} is copied into ${to}, a store named for an outside party`
      : undefined;
  return sameAccount(store, to) ? undefined : copiesOut(store, to);
}

/** An address at a public mailbox provider or a look-alike host (`x@mailbox.org`, `ops@acme-billing.net`). */
const STRANGER_MAIL = /[^\s@<>"',;:()]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;

/**
 * An export or dump whose result is mailed to a stranger from a side field (`notify`, `cc_email`,
 * `deliver_to_email`, R20): whoever reads that mailbox gets the whole export, whatever the key is called.
 */
function strangerMailbox(w: readonly string[], all: readonly [string, string][]): string | undefined {
  if (!w.some((x) => /^(?:export|exports|unload|dump|backup)$/.test(x))) return undefined;
  for (const [, v] of all) {
    const m = STRANGER_MAIL.exec(v);
    if (m !== null && (FREE_MAIL.test(registrable(m[1]!)) || LURE_HOST.test(m[1]!))) return m[0].slice(0, 80);
  }
  return undefined;
}

const leak = (w: readonly string[], reason: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'leak', 'data', quote(`${w.join('_')}: ${reason}`.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** When storeCopyLines can answer (signals.ts): its first test, the name word of a copy verb (COPY). */
export const STORE_COPY_GATE: Gate = { name: union(COPY) };

/** A bare bucket name under a bucket key (`source_bucket: acme-prod-backups`) as the URL storeName reads. */
const asBucket = (k: string, v: string): string =>
  /(?:^|_)bucket(?:_name)?$/.test(k) && /^[a-z0-9][a-z0-9._-]{1,62}$/.test(v.trim()) ? `s3://${v.trim()}` : v;

/**
 * S3's CopyObject shape: `CopySource` (`bucket/key` or `{Bucket, Key}`) is what is copied and the
 * call's own `Bucket` is where it lands, so the top-level bucket is the destination.
 */
function copySource(args: object): [string, string] | undefined {
  const rec = args as Record<string, unknown>;
  const key = Object.keys(rec).find((k) => /^copy_?source$/i.test(k));
  if (key === undefined) return undefined;
  const src = rec[key];
  const from =
    typeof src === 'string'
      ? src.replace(/^\/+/, '').split('/')[0]
      : src !== null && typeof src === 'object'
        ? ((src as Record<string, unknown>).Bucket ?? (src as Record<string, unknown>).bucket)
        : undefined;
  const to = rec.Bucket ?? rec.bucket ?? rec.destination_bucket ?? rec.DestinationBucket;
  return typeof from === 'string' && typeof to === 'string' ? [`s3://${from}`, `s3://${to}`] : undefined;
}

export function storeCopyLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => COPY.test(x)) || w.some((x, i) => NOT_COPY.test(x) && !nounAfter(w, i, COPY))) return [];
  if (args === null || typeof args !== 'object') return [];
  const all = snakeEntries(args, { depth: 2, pairs: 64, items: 8 })
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length < 4096)
    .map(([k, v]): [string, string] => [k, asBucket(k, v)]);
  const mailbox = strangerMailbox(w, all);
  if (mailbox !== undefined) return [leak(w, `the export is sent to ${mailbox}, a stranger's mailbox`)];
  const warehouse = w.some((x) => /^(?:bigquery|bq|dataset|datasets)$/.test(x));
  const s3 = copySource(args);
  const dests = s3 !== undefined ? [s3[1]] : all.filter(([k]) => DEST_KEY.test(k)).map(([, v]) => v);
  const sources =
    s3 !== undefined
      ? [s3[0]]
      : all.filter(([k]) => SOURCE_KEY.test(k) && !DEST_KEY.test(k)).map(([, v]) => v);
  // An export names what it exports by its own name (`hubspot_export {objectType: CONTACT}`, R18).
  if (s3 === undefined) sources.splice(0, 0, w.join('_'));
  for (const dest of dests.slice(0, 4))
    for (const source of sources.slice(0, 5)) {
      if (source === dest) continue;
      const reason = why(source, dest, warehouse, s3 === undefined && source === sources[0]);
      if (reason !== undefined) return [leak(w, reason)];
    }
  return [];
}
