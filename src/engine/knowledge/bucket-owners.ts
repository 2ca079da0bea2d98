/**
 * Whose bucket a name is. A copy between two buckets of the same owner (`acme-prod-backups` →
 * `acme-dr-backups`) is replication; a copy of production, customer or backup data into a bucket
 * named for an outside party (`partner-xfer-7781`, `public-drop-991`, `backups-offsite-co`) or with
 * no owner word in common moves the data out of its owner's hands (R12 data-out).
 */

/** Name words that say what a bucket holds or where it runs, not whose it is. */
const GENERIC = new Set(
  (
    'prod production prd live staging stage stg dev devel development test testing qa uat dr ' +
    'backup backups bak data db database dumps dump exports export archive archives logs log ' +
    'assets static media files bucket buckets storage store blob objects s3 gs gcs primary replica ' +
    'copy mirror us eu ap east west north south central region global internal private tmp temp ' +
    'raw processed reports report daily nightly weekly latest snapshots snapshot releases builds ' +
    'artifacts customer customers user users pii finance billing payroll hr records sql'
  ).split(' '),
);

/** Words of a source whose copy elsewhere is a leak: production, people's data, backups, exports. */
const SENSITIVE =
  /^(?:prod|production|prd|live|customer|customers|user|users|pii|backup|backups|bak|db|database|dumps?|exports?|finance|billing|payroll|hr|records|patients?|orders|payments|secrets?|private)$/;

/** Words naming a destination outside the owner: a partner, the public, a drop or transfer point. */
const OUTSIDE =
  /^(?:partner|partners|public|offsite|external|ext|transfer|xfer|drop|dropbox|share|shared|vendor|thirdparty|3p|personal|outside|exfil|collect|intake|upload|uploads|leak|loot|stash)$/;
/** Outside words glued to another word in one label (`bulkxfer`, `partnerdrop`, `exfilstore`). */
const GLUED_OUTSIDE =
  /^(?:xfer|exfil|offsite|external|partners?|thirdparty|vendors?|outside|loot|stash)|(?:xfer|exfil|offsite|external|partners?|thirdparty|outside|loot|stash)$/;

/** Destinations open to anyone, whoever owns them. */
const PUBLIC = /^(?:public|pub|exfil|leak|anon|anonymous)$/;

/** The bucket of an `s3://` or `gs://` URL, or undefined. */
export function bucketOf(url: string): string | undefined {
  const m = /^(?:s3|gs):\/\/([a-z0-9][a-z0-9._-]{1,62})(?:\/|$)/i.exec(url);
  return m?.[1]?.toLowerCase();
}

const words = (bucket: string): string[] => bucket.split(/[-_.]+/).filter((w) => w !== '');
/** Whether a bucket's name says it is a partner's, the public's or a drop point. */
export const namedOutside = (bucket: string): boolean =>
  words(bucket.toLowerCase()).some((w) => OUTSIDE.test(w) || PUBLIC.test(w) || GLUED_OUTSIDE.test(w));

/**
 * The store a URL names, as a bucket-like name: `s3://b`, `gs://b`, an Azure storage account and
 * container (`https://acct.blob.core.windows.net/c`, `abfss://c@acct.dfs…`), a virtual-hosted S3
 * bucket (`https://b.s3.amazonaws.com`), a GCS `storage.googleapis.com/b`; undefined for any other URL.
 */
export function storeOfUrl(url: string): string | undefined {
  const v = url.trim().toLowerCase();
  const bucket = bucketOf(v) ?? /^(?:az|wasbs?):\/\/([a-z0-9][a-z0-9._-]{1,62})/.exec(v)?.[1];
  if (bucket !== undefined) return bucket;
  const lake = /^abfss?:\/\/([a-z0-9-]{1,63})@([a-z0-9]{3,24})\.dfs\.core\.windows\.net/.exec(v);
  if (lake !== null) return `${lake[2]!}-${lake[1]!}`;
  const blob = /^https:\/\/([a-z0-9]{3,24})\.(?:blob|dfs)\.core\.windows\.net\/([a-z0-9-]{1,63})/.exec(v);
  if (blob !== null) return `${blob[1]!}-${blob[2]!}`;
  const hosted = /^https:\/\/([a-z0-9][a-z0-9.-]{1,62})\.s3[.-](?:[a-z0-9-]+\.)?amazonaws\.com(?:\/|$)/.exec(
    v,
  );
  if (hosted !== null) return hosted[1]!;
  return /^https:\/\/storage\.(?:googleapis|cloud\.google)\.com\/([a-z0-9][a-z0-9._-]{1,62})/.exec(v)?.[1];
}
/** Whether a store or file name says it holds production, people's data, backups or exports. */
export const holdsPrivate = (name: string): boolean =>
  name
    .toLowerCase()
    .split(/[-_./:]+/)
    .some((w) => SENSITIVE.test(w));
/** The words of a name that say whose it is (`acme` of `acme-prod-exports`). */
export const owners = (bucket: string): string[] =>
  words(bucket).filter((w) => !GENERIC.has(w) && !/^\d+$/.test(w) && !OUTSIDE.test(w) && w.length > 1);

/**
 * Why copying bucket `from` into bucket `to` moves data out of its owner's hands, or undefined.
 * `grantsOther`: the copy hands the objects to another account (`--acl bucket-owner-full-control`).
 */
export function copiesOut(from: string, to: string, grantsOther = false): string | undefined {
  if (from === to) return undefined;
  const source = words(from);
  if (!source.some((w) => SENSITIVE.test(w))) return undefined;
  if (words(to).some((w) => PUBLIC.test(w))) return `${from} is copied into ${to}, a bucket named as public`;
  const mine = owners(from);
  const theirs = owners(to);
  // A shared owner word (`acme-finance-share`) keeps a transfer point the owner's own.
  if (mine.some((w) => theirs.includes(w))) return undefined;
  if (words(to).some((w) => OUTSIDE.test(w)))
    return `${from} is copied into ${to}, a bucket named for an outside party`;
  if (mine.length > 0 && theirs.length > 0) return `${from} is copied into ${to}, a bucket of another owner`;
  if (grantsOther) return `${from} is copied into ${to} with its objects granted to that bucket's owner`;
  return undefined;
}
