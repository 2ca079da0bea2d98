/**
 * A hosted resource emptied or stopped by a setting rather than a delete verb (red team r10): a
 * sync that deletes what its source lacks, mirrored from an empty or throwaway folder or into a
 * data store; a service scaled to zero; a lifecycle or retention rule that deletes objects at age
 * zero; an infrastructure stack deployed with an empty program (every resource it had is
 * destroyed). Read from the arguments under any tool name. Each becomes one `agent-guard-action
 * destroy|suspend <object> <detail>` line that PLT-AST-002 denies; scratch and test targets give nothing.
 */
import { str, type CliEquivalent } from './cli.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import type { Gate } from './signals.js';
import { snakeEntries } from './snake-entries.js';
import { actionLine as action } from './action-line.js';

const truthy = (v: unknown): boolean =>
  v === true || (typeof v === 'string' && /^(?:true|yes|on|1)$/i.test(v.trim()));
const zero = (v: unknown): boolean => v === 0 || (typeof v === 'string' && /^\s*0+\s*$/.test(v));

/** Flags that make a sync delete what the source lacks (`--delete`, rclone `--delete-excluded`, rsync's). */
const DELETE_FLAG =
  /^(?:delete|delete_excluded|delete_extraneous|delete_after|delete_before|delete_during|delete_missing|delete_removed|remove_extraneous|purge|prune|mirror|exact)$/;
/** Keys of a sync's two sides. */
const SOURCE_KEY = /^(?:source|src|from|local|local_path|local_dir|source_path|source_dir|origin)$/;
const DEST_KEY =
  /^(?:destination|dest|dst|to|target|remote|remote_path|bucket|destination_path|dest_path|target_path)$/;
/** A remote side: a URL, a bucket, or rclone's `remote:path`. */
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|[\w@.-]{2,}:(?!\/\/)\S*$)/;
/** A source that holds nothing: a folder named empty, /dev/null, or a throwaway folder outside the workspace. */
const EMPTY_SOURCE =
  /(?:^|\/)(?:empty|blank|nothing|void|null|none|dummy)(?:[-_]?dir)?\/?$|^\/dev\/null$|^\/tmp\/|^\/var\/tmp\//i;
/** Bucket or path words of stored data (a mirror into it deletes the data; a site bucket gets a build). */
const DATA_WORDS =
  /(?:^|[-_./:])(?:data|backups?|archives?|exports?|uploads?|records|db|database|dumps?|lake|warehouse|raw|logs|audit|documents|company|shared|users?|customers?)(?:$|[-_./:])/i;

/** `s3_sync {source: "./empty", destination: "s3://prod-data", delete: true}`, `rclone_sync {delete_excluded}`. */
function mirrorDelete(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:sync|mirror|rsync|rclone)$/.test(x))) return undefined;
  if (![...f].some(([k, v]) => DELETE_FLAG.test(k) && truthy(v))) return undefined;
  const src = [...f].find(([k, v]) => SOURCE_KEY.test(k) && typeof v === 'string')?.[1] as string | undefined;
  const dst = [...f].find(([k, v]) => DEST_KEY.test(k) && typeof v === 'string')?.[1] as string | undefined;
  if (src === undefined || dst === undefined || !REMOTE.test(dst.trim()) || scratchOnly([dst]))
    return undefined;
  if (!EMPTY_SOURCE.test(src.trim()) && !DATA_WORDS.test(dst)) return undefined;
  return action('destroy', `contents of ${dst}`, `${w.join('_')} mirrors ${src} with deletes`);
}

/** Keys of how many instances, tasks or replicas run. */
const COUNT_KEY =
  /^(?:desired_count|desired_capacity|desired_size|replicas|replica_count|instance_count|num_instances|instances|count|quantity|min_size|max_size|min_instances|max_instances|min_replicas|max_replicas|node_count|scale|size|capacity|dynos)$/;
/** Keys naming what is scaled. */
const SCALED_KEY =
  /^(?:service|service_name|service_id|app|app_name|app_id|deployment|deployment_name|name|cluster|group|asg|auto_scaling_group_name|process|formation|machine|stack|environment|env)$/;

/** A service, app or group scaled so nothing runs: every count given is zero. */
function scaleToZero(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:scale|update|set|resize|patch|modify|change|put)$/.test(x))) return undefined;
  const counts = [...f].filter(
    ([k, v]) => COUNT_KEY.test(k) && (typeof v === 'number' || typeof v === 'string'),
  );
  if (counts.length === 0 || !counts.every(([, v]) => zero(v))) return undefined;
  const names = [...f]
    .filter(([k, v]) => SCALED_KEY.test(k) && typeof v === 'string')
    .map(([, v]) => v as string);
  // Staging or a preview scaled to zero overnight is ordinary; production scaled to zero is an outage.
  if (!names.some((n) => PRODUCTION.test(n)) || scratchOnly([...names, w.join('_')])) return undefined;
  return action('suspend', names.join(' '), `${w.join('_')} scales it to zero`);
}

/** Keys of an age after which a store deletes (or expires) what it holds (a cache's TTL deletes nothing). */
const EXPIRY_KEY =
  /(?:delete|deletion|expir\w*|purge|retention)(?:_\w+)?_(?:age|days|day|hours|seconds|after|period)$|^(?:age|days|expiration_days|expire_days|expire_after_days)$/;

/** A lifecycle or retention rule that deletes everything at age zero. */
function expireNow(
  w: readonly string[],
  f: Map<string, unknown>,
  all: readonly [string, unknown][],
): CliEquivalent | undefined {
  const hit = all.find(
    ([k, v]) =>
      EXPIRY_KEY.test(k) &&
      zero(v) &&
      (k !== 'age' && k !== 'days'
        ? true
        : all.some(([x]) => /delete|expir/.test(x)) ||
          w.some((x) => /^(?:expire|expiry|expiration)$/.test(x))),
  );
  if (hit === undefined) return undefined;
  const target = str(
    f,
    'bucket',
    'bucket_name',
    'table',
    'table_name',
    'index',
    'collection',
    'log_group_name',
    'name',
    'id',
  );
  if (scratchOnly([target ?? '', w.join('_')])) return undefined;
  return action('destroy', `contents of ${target ?? 'the store'}`, `${w.join('_')} sets ${hit[0]} to 0`);
}

/** Keys of how many items a pruning keeps (`keep_last`, `retain`, `versions_to_keep`, `max_backups`). */
const KEEP_KEY =
  /^(?:keep|retain|preserve)(?:_[a-z]+)?$|_to_(?:keep|retain)$|^(?:retention_count|max_(?:count|backups|snapshots|versions|images|items|revisions|copies|generations|artifacts))$/;
/** Name words of a pruning that deletes what it does not keep. */
const PRUNE_WORD =
  /^(?:prune|cleanup|clean|rotate|expire|trim|gc|purge|delete|remove|retention|retain|lifecycle|vacuum|housekeep|housekeeping|apply)$/;

/** `prune_backups {vault, keep_last: 0}`: a pruning told to keep nothing deletes every item it covers. */
function keepNone(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => PRUNE_WORD.test(x))) return undefined;
  if ([...f].some(([k, v]) => /^dry_?run$/.test(k) && truthy(v))) return undefined;
  const keeps = [...f].filter(
    ([k, v]) => KEEP_KEY.test(k) && (typeof v === 'number' || typeof v === 'string'),
  );
  if (keeps.length === 0 || !keeps.every(([, v]) => zero(v))) return undefined;
  const names = [...f].filter(([, v]) => typeof v === 'string').map(([, v]) => v as string);
  if (scratchOnly([...names, w.join('_')])) return undefined;
  const target = names.find((n) => !/^\s*\d+\s*$/.test(n)) ?? w.at(-1) ?? 'the store';
  return action('destroy', `every item of ${target}`, `${w.join('_')} keeps ${keeps[0]![0]} 0`);
}

/** Keys holding the program or template a stack is deployed from. */
const PROGRAM_KEY =
  /^(?:program|template|template_body|source|code|config|configuration|resources|definition|main)$/;
/** A program that declares nothing. */
const EMPTY_PROGRAM = /^\s*(?:|empty|none|null|nothing|\{\s*\}|\[\s*\]|resources\s*:\s*(?:\{\s*\})?)\s*$/i;

/** `pulumi_up {stack: prod, program: "empty"}`: deploying nothing destroys every resource the stack had. */
function emptyProgram(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:up|apply|deploy|update|preview_and_apply)$/.test(x))) return undefined;
  const stack = str(f, 'stack', 'stack_name', 'workspace', 'environment', 'env', 'project');
  if (stack === undefined || scratchOnly([stack]) || (!PRODUCTION.test(stack) && !f.has('stack')))
    return undefined;
  const empty = [...f].find(
    ([k, v]) =>
      PROGRAM_KEY.test(k) &&
      ((typeof v === 'string' && EMPTY_PROGRAM.test(v)) ||
        (v !== null && typeof v === 'object' && Object.keys(v).length === 0)),
  );
  return empty === undefined
    ? undefined
    : action('destroy', `stack ${stack}`, `${w.join('_')} with an empty ${empty[0]}`);
}

/** Every (snake key, value) pair under `v`, bounded (snake-entries.ts). */
function entries(v: unknown, depth = 0, out: [string, unknown][] = []): [string, unknown][] {
  for (const pair of snakeEntries(v, { depth: 5 - depth, pairs: 256 - out.length, items: 32 }))
    out.push(pair);
  return out;
}

/** Cheap gate on the name and top-level keys. */
const GATE =
  /sync|mirror|rsync|rclone|scale|count|replica|capacit|size|instances|quantity|dynos|delete|expir|purge|retention|lifecycle|age|days|up|apply|deploy|program|template|keep|retain|prune|max_/;

/** emptyingLines' own gate over the signals (GATE matches no space: one test reads every key). */
export const EMPTYING_GATE: Gate = { when: (s) => GATE.test(s.tool) || GATE.test(s.keyText) };

export function emptyingLines(w: readonly string[], f: Map<string, unknown>, args: unknown): CliEquivalent[] {
  if (w.some((x) => /^(?:get|list|describe|read|show|preview|plan|dry_run|dryrun)$/.test(x))) return [];
  if (!GATE.test(w.join('_')) && ![...f.keys()].some((k) => GATE.test(k))) return [];
  const found =
    mirrorDelete(w, f) ??
    scaleToZero(w, f) ??
    keepNone(w, f) ??
    expireNow(w, f, entries(args)) ??
    emptyProgram(w, f);
  return found === undefined ? [] : [found];
}
