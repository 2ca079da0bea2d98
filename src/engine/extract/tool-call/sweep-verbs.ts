/**
 * Tool names whose verb of loss is outside whole-resource.ts's lists, or whose object is not in the
 * name (R14 hosted-whole), read as the plain delete they amount to and judged by whole-resource.ts:
 * - verbs that usually clear leftovers inside a container (`prune`, `reap`, `sweep`, `cull`, `evict`,
 *   `cleanup`) take the container itself when aimed at production or told to take everything
 *   (`reap_database {database: orders_production}`, `cloud.storage.evict {target: gs://lake, scope:
 *   everything}`); aimed at anything else (`cleanup_workspace`, a preview namespace) they are routine;
 * - one-word compounds of a verb and its particle (`wipeout`, `cleanout`) read as the verb;
 * - a name that is only a verb (`wipeout {resource: database}`) takes its object from a type field
 *   or a bucket URL among the fields;
 * - a compound name's verb applies to the object its other part names (`org_leave_and_delete`).
 */
import { bash, quote, truthy, type CliEquivalent } from './cli.js';
import { isLossVerb, nounKind, wholeResourceLines } from './whole-resource.js';
import { PRODUCTION } from '../../knowledge/ephemeral-names.js';

/** Verbs that clear leftovers inside what they name (old images, stale pods, expired keys). */
const SWEEP = /^(?:prune|reap|sweep|cull|evict|cleanup|gc|tidy|housekeep)$/;
/** One-word compounds of a verb of loss and its particle. */
const COMPOUND: Readonly<Record<string, string>> = {
  wipeout: 'wipe',
  cleanout: 'empty',
  clearout: 'empty',
  blowaway: 'destroy',
  takedown: 'teardown',
  burndown: 'destroy',
};
/** Keys of a type field naming what a verb-only tool acts on (`{resource: "database"}`). */
const TYPE_KEY = /^(?:resource|resource_type|type|kind|object|object_type|target_type|entity|entity_type)$/;
/** A bucket URL with no object key: the bucket itself. */
const BUCKET_URL = /^(?:gs|s3|s3a|r2|az|abfss?|wasbs?|oss|cos):\/\/([^/\s]+)\/?$/i;
/** Fields that say everything: `all: true`, `scope: everything`, `keep: []`. */
const ALL_KEY = /^(?:all|all_[a-z]+|everything|include_all|purge_all|delete_all|remove_all)$/;
const SCOPE_KEY = /^(?:scope|mode|level|target_scope|what|selection)$/;
const ALL_VALUE = /^\s*(?:all|everything|\*|entire|whole|full|complete)\s*$/i;
const KEEP_KEY = /^(?:keep|retain|preserve|exclude|except|excluding|skip)$/;

/** The key that says the call takes everything, if any. */
function everything(f: Map<string, unknown>): string | undefined {
  for (const [k, v] of f) {
    if (ALL_KEY.test(k) && truthy(v)) return k;
    if (SCOPE_KEY.test(k) && typeof v === 'string' && ALL_VALUE.test(v)) return k;
    if (KEEP_KEY.test(k) && Array.isArray(v) && v.length === 0) return k;
  }
  return undefined;
}

/** Whether a short string field names production (long prose is not a target's name). */
const production = (f: Map<string, unknown>): boolean =>
  [...f.values()].some((v) => typeof v === 'string' && v.length <= 200 && PRODUCTION.test(v));

/** The whole a verb-only name acts on: a type field's value, or a bare bucket URL (added as `bucket`). */
function objectOf(f: Map<string, unknown>): { object: string[]; fields: Map<string, unknown> } | undefined {
  for (const [k, v] of f) {
    if (typeof v !== 'string' || v.length > 64) continue;
    if (TYPE_KEY.test(k)) {
      const words = v
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((x) => x !== '');
      if (words.length > 0 && words.length <= 3 && nounKind(words) === 'whole') {
        const rest = new Map(f);
        rest.delete(k);
        return { object: words, fields: rest };
      }
    }
    const bucket = BUCKET_URL.exec(v.trim());
    if (bucket !== null) return { object: ['bucket'], fields: new Map([...f, ['bucket', bucket[1]!]]) };
  }
  return undefined;
}

/** In-memory stores that hold more than copies (sessions, queues, rate limits, locks). */
const KEY_VALUE = /^(?:redis|valkey|keydb|memcached?|elasticache|memorystore|upstash|dragonfly)$/i;
const CACHE_VERB = /^(?:flush|clear|purge|empty|wipe|reset|invalidate)$/;
/** Keys that narrow a flush to some keys. */
const SOME_KEYS = /(?:^|_)(?:key|keys|pattern|match|prefix|glob|tag|tags|namespace|region)$/;

/**
 * `flush_cache {cache: "redis", cluster: "sessions-prod", all: true}`: a production Redis or
 * Memcached flushed whole is the FLUSHALL it sends; a CDN's or an app's cache refills by itself.
 */
function storeFlush(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => CACHE_VERB.test(x)) || !w.some((x) => /^caches?$/.test(x))) return [];
  const values = [...f.values()].filter((v): v is string => typeof v === 'string' && v.length <= 200);
  if (!values.some((v) => KEY_VALUE.test(v.trim()) || /^(?:redis|rediss|memcached?):\/\//i.test(v.trim())))
    return [];
  if ([...f].some(([k, v]) => SOME_KEYS.test(k) && v !== '' && v !== null)) return [];
  const host = values.find((v) => PRODUCTION.test(v) && !KEY_VALUE.test(v.trim()));
  return host === undefined ? [] : [bash(['redis-cli -h', quote(host), 'FLUSHALL'])];
}

/** Cheap gate: a word these readings start from. */
const GATE = (x: string): boolean =>
  SWEEP.test(x) || x in COMPOUND || x === 'and' || x === 'then' || isLossVerb(x);

export function sweepLines(w0: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (w0.length === 0 || !w0.some(GATE)) return [];
  if (w0.some((x) => /^caches?$/.test(x))) return storeFlush(w0, f);
  const weak = w0.some((x) => SWEEP.test(x));
  const w = w0.map((x) => COMPOUND[x] ?? (SWEEP.test(x) ? 'delete' : x));
  const verbAt = w.findIndex(isLossVerb);
  if (verbAt < 0) return [];
  const verb = w[verbAt]!;
  const objectWords = w.filter((x) => !isLossVerb(x) && x !== 'and' && x !== 'then');
  let words: string[] = w;
  let fields = f;
  if (w.every((x) => isLossVerb(x))) {
    // `wipeout {resource: "database", name: "billing-prod"}`: the object is in the fields.
    const found = objectOf(f);
    if (found === undefined) return [];
    words = [verb, ...found.object];
    fields = found.fields;
  } else if ((w0.includes('and') || w0.includes('then')) && w[w.length - 1] === verb) {
    // `org_leave_and_delete`: the verb closing the name applies to the whole its first part names.
    const whole = objectWords.find((x) => nounKind([x]) === 'whole');
    if (whole === undefined) return [];
    words = [verb, whole];
  } else if (w.every((x, i) => x === w0[i])) return [];
  else if (nounKind(objectWords.slice(-1)) !== 'whole') {
    // `cloud.storage.evict {target: "gs://acme-data-lake"}`: the name's words name no whole.
    const found = objectOf(f);
    if (found === undefined) return [];
    words = [verb, ...found.object];
    fields = found.fields;
  }
  // A sweep takes the container itself only when aimed at production or told to take everything.
  if (weak && !production(f) && everything(f) === undefined) return [];
  return wholeResourceLines(words, fields);
}
