/**
 * Hosted data lost by what a call's fields do rather than by a verb of loss (R14 hosted-whole):
 * - a flag that accepts data loss (`downgrade_plan {accept_data_loss: true}`, Prisma's
 *   `--accept-data-loss`): the call has been told the data goes and to go ahead;
 * - a lifecycle rule that expires every current object of a data bucket within a day (no filter or
 *   prefix): the bucket is emptied by tomorrow and keeps nothing written to it;
 * - the newest backup or dump in hosted storage overwritten with nothing (`overwrite_file
 *   {path: s3://acme-prod-backups/db/latest.sql.gz, content: ""}`): the restore point is gone.
 * Scratch and test targets give nothing. Each becomes `agent-guard-action destroy` for PLT-AST-002.
 */
import { quote, truthy, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeEntries } from './snake-entries.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';

const action = (object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'destroy', quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** Short string values: the names a call acts on (prose and payloads are longer). */
const names = (f: Map<string, unknown>): string[] =>
  [...f.values()].filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 200);

/** `accept_data_loss`, `allow_data_loss`, `acknowledge_data_loss`, `i_understand_data_loss`. */
const DATA_LOSS_KEY =
  /(?:^|_)data_loss(?:_ok|_acknowledged|_accepted|_confirmed)?$|^(?:accept|allow|ack)_loss$/;

function acceptsLoss(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const flag = [...f].find(([k, v]) => DATA_LOSS_KEY.test(k) && truthy(v));
  if (flag === undefined) return undefined;
  const targets = names(f);
  if (targets.length === 0 || scratchOnly([...targets, w.join('_')])) return undefined;
  return action(targets.find((n) => PRODUCTION.test(n)) ?? targets[0]!, `${w.join('_')} with ${flag[0]}`);
}

/** Keys of an expiry of current objects (not noncurrent versions, not incomplete uploads). */
const EXPIRY =
  /^(?:expiration|expiry|expire|expiration_days|expire_days|expire_after_days|delete_after_days)$/;
/** Bucket names that hold data (a CI or log bucket kept a day is routine). */
const DATA_BUCKET =
  /(?:^|[-_./:])(?:data|datalake|lake|backups?|archives?|exports?|uploads?|records|db|database|dumps?|warehouse|customers?|users?|documents|media|assets)(?:$|[-_./:])/i;

/** The days of an expiry value: `{days: 1}`, `1`, `"1"`. */
function expiryDays(v: unknown): number | undefined {
  const d =
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? ((v as Record<string, unknown>).days ?? (v as Record<string, unknown>).Days)
      : v;
  const n =
    typeof d === 'number' ? d : typeof d === 'string' && /^\s*\d+\s*$/.test(d) ? Number(d) : undefined;
  return n;
}

/** A rule narrowed to some objects: a non-empty prefix, tag or filter. */
const narrowed = (rule: [string, unknown][]): boolean =>
  rule.some(
    ([k, v]) =>
      (/^(?:prefix|tag|tags|and|object_size_greater_than|object_size_less_than|matches_prefix|matches_suffix)$/.test(
        k,
      ) &&
        v !== '' &&
        !(Array.isArray(v) && v.length === 0) &&
        !(v !== null && typeof v === 'object' && Object.keys(v).length === 0)) ||
      (k === 'status' && typeof v === 'string' && /^disabled$/i.test(v)),
  );

function expiresInADay(
  w: readonly string[],
  f: Map<string, unknown>,
  args: unknown,
): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:lifecycle|lifecycles|expiration|expiry|retention|rules?|policy)$/.test(x)))
    return undefined;
  const bucket = names(f).find((n) => DATA_BUCKET.test(n) || PRODUCTION.test(n));
  if (bucket === undefined || scratchOnly([...names(f), w.join('_')])) return undefined;
  const rules = [...f].find(
    ([k, v]) => /^(?:rules?|lifecycle_rules|lifecycle)$/.test(k) && v !== null && typeof v === 'object',
  )?.[1];
  const list = Array.isArray(rules) ? rules.slice(0, 32) : rules !== undefined ? [rules] : [args];
  for (const rule of list) {
    const pairs = snakeEntries(rule, { depth: 3, pairs: 64, items: 8 });
    const hit = pairs.find(([k, v]) => EXPIRY.test(k) && (expiryDays(v) ?? 2) <= 1);
    if (hit !== undefined && !narrowed(pairs))
      return action(
        `contents of ${bucket}`,
        `${w.join('_')} expires every object after ${expiryDays(hit[1])} day`,
      );
  }
  return undefined;
}

/** Hosted storage URLs of a backup, dump or snapshot. */
const HOSTED_BACKUP =
  /^(?:s3|gs|r2|az|abfss?|wasbs?|oss|cos):\/\/\S*(?:backup|dump|snapshot|\.sql(?:\.gz)?$|\.bak$|\.dump$)/i;
const CONTENT_KEY = /^(?:content|contents|body|data|text|bytes|payload)$/;

function backupEmptied(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:write|overwrite|put|upload|save|replace|set|update)$/.test(x))) return undefined;
  const path = names(f).find((n) => HOSTED_BACKUP.test(n.trim()));
  if (path === undefined || scratchOnly([path])) return undefined;
  const empty = [...f].find(([k, v]) => CONTENT_KEY.test(k) && (v === '' || v === null));
  return empty === undefined ? undefined : action(path, `${w.join('_')} overwrites it with nothing`);
}

/** Cheap gate on the name and top-level keys. */
const GATE =
  /data_loss|_loss$|lifecycle|expir|retention|rule|policy|write|put|upload|save|replace|set|update/;

export function lossEffectLines(
  w: readonly string[],
  f: Map<string, unknown>,
  args: unknown,
): CliEquivalent[] {
  if (!GATE.test(w.join('_')) && ![...f.keys()].some((k) => GATE.test(k))) return [];
  if (w.some((x) => /^(?:get|list|describe|read|show|preview)$/.test(x))) return [];
  const found = acceptsLoss(w, f) ?? expiresInADay(w, f, args) ?? backupEmptied(w, f);
  return found === undefined ? [] : [found];
}
