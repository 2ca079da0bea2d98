/**
 * Resources whose own name says they are made for the public (a static website's bucket, a press
 * kit, public downloads), opened read-only to anyone: publishing them is what they are for (R13
 * twin-access: `gcs_add_iam_binding {bucket: acme-public-docs-assets, member: allUsers, role:
 * objectViewer}`). A name that also says private data (backups, exports, customers, records), a
 * production data store, or any role that writes or administers keeps the exposure rules deciding.
 */

/** Keys that name the resource being opened. */
const TARGET_KEY =
  /(?:^|_)(?:bucket|buckets|bucket_name|name|id|resource|container|folder|file|file_id|folder_id|site|path|object|page|page_title|title)$/;
/** Name words of content meant for anyone: a public site, its assets, a press kit, downloads. */
const PUBLIC_WORD =
  /^(?:public|static|www|website|web|cdn|press|presskit|downloads?|marketing|brand|branding|landing|opensource|oss|changelog|blog|faq|releases)$/;
/** Name words of data not meant for everyone, whatever else the name says. */
const PRIVATE_WORD =
  /^(?:private|internal|secret|secrets|confidential|backup|backups|bak|dump|dumps|export|exports|customer|customers|user|users|member|members|client|clients|patient|patients|pii|phi|medical|health|records|payroll|salary|salaries|finance|financial|billing|invoice|invoices|hr|legal|log|logs|audit|db|database|data|credentials|keys|tokens|uploads|upload|prod|production|staff|employee|employees|tax|contracts?|passports?|ids)$/;
/** Keys whose values say what the grant allows. */
const ROLE_KEY =
  /(?:^|_)(?:role|roles|permission|permissions|access_level|action|actions|acl|predefined_acl|canned_acl|access|level)$/;
/** Grants that only read (`roles/storage.objectViewer`, `reader`, `s3:GetObject`, `public-read`). */
const READ_ONLY =
  /^(?:(?:roles\/)?(?:storage\.)?(?:object_?viewer|legacy_?object_?reader|legacy_?bucket_?reader|viewer|reader)|reader|read|view|viewer|can_?view|read_?only|s3:get_?object(?:_?version)?|get_?object|public_?read|anyone|anyone_?with_?(?:the_?)?link|public|all_?users|everyone|anonymous)$/i;

const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((x) => x !== '');

/**
 * Whether every resource the call names is named for the public (and none for private data), and
 * every role or permission it gives only reads. `all` is the call's (snake key, value) pairs.
 */
export function meantForPublic(all: readonly (readonly [string, unknown])[]): boolean {
  let named = false;
  for (const [k, v] of all) {
    if (ROLE_KEY.test(k)) {
      const roles = Array.isArray(v) ? (v as unknown[]) : [v];
      if (roles.some((r) => typeof r === 'string' && !READ_ONLY.test(r.trim().replace(/[\s-]+/g, '_'))))
        return false;
      continue;
    }
    if (typeof v !== 'string') continue;
    if (!TARGET_KEY.test(k) || /^arn:/.test(v)) continue;
    const w = words(v.replace(/^[a-z]+:\/\//, ''));
    if (w.some((x) => PRIVATE_WORD.test(x))) return false;
    if (w.some((x) => PUBLIC_WORD.test(x))) named = true;
    else if (!/^(?:member|members|principal|id)$/.test(k)) return false;
  }
  return named;
}
