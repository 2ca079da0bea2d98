/**
 * Production data lost by what a call's fields say happens to it, whatever its verb (R15 loss by
 * other means: `restic_forget {keep_last: 0}`, `zfs_rollback {destroy_later_snapshots: true}`,
 * `deallocate_database {skip_backup: true}`, `compact_topic {retention_ms: 1}`, `heroku_apps_rollback
 * {release: "v1"}`, `squash_branch_history {branch: main, push: force}`). A verb outside every list is
 * read as unknown, not as safe: only a name that says it reads, makes or maintains is passed over.
 * The call is a loss when it aims at a production or whole target (a production name, `*`, `all`)
 * and one field says the loss cannot be undone: nothing kept, data kept for under a minute, later
 * history destroyed, the backup skipped, a rollback to the first release, a force push over a shared
 * branch. Scratch and test targets give nothing. Each becomes `agent-guard-action destroy` for PLT-AST-002.
 */
import { quote, truthy, type CliEquivalent } from './cli.js';
import { union, type Gate } from './signals.js';
import { ACTION_PROGRAM } from './saas.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import { selectsEverything } from './select-all.js';
import { nounKind } from './whole-resource.js';

const action = (object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'destroy', quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** Name words of a call that only reads or rehearses: it changes nothing whatever its fields say. */
const READS =
  /^(?:get|list|describe|read|show|view|search|find|query|fetch|count|inspect|status|check|validate|verify|test|preview|plan|estimate|simulate|dry)$/;
/** Name words of a call that makes something new: a retention or keep count on it loses nothing yet. */
const CREATES = /^(?:create|add|new|insert|make|provision|launch)$/;
/** Name words of a call that reads, makes, copies or maintains: such a call loses nothing by its flags. */
const SAFE =
  /^(?:get|list|describe|read|show|view|search|find|query|fetch|count|inspect|status|check|validate|verify|test|preview|plan|estimate|simulate|dry|create|add|new|insert|make|provision|launch|deploy|publish|install|register|attach|mount|link|backup|snapshot|export|import|copy|clone|download|upload|restore|recover|undelete|undo|replicate|sync|mirror|start|resume|restart|reboot|scale|resize|upgrade|update|set|put|patch|edit|configure|tag|label|rename|move|share|grant|invite|send|post|notify|comment|review|approve|merge|rotate|renew|refresh|reload|warm|index|reindex|analyze|analyse|vacuum|optimize|audit|scan|monitor|watch|report|summarize|explain)$/;

/** Short string values: the names a call acts on. */
const names = (f: Map<string, unknown>): string[] =>
  [...f.values()].flatMap((v) =>
    typeof v === 'string' && v.trim() !== '' && v.length <= 200
      ? [v.trim()]
      : Array.isArray(v)
        ? v.slice(0, 8).filter((x): x is string => typeof x === 'string' && x.length <= 200)
        : [],
  );

/** Keys of how many copies or generations a store keeps (`keep_last`, `retain_count`, `keep_daily`). */
const KEEP =
  /^(?:keep|retain|retention|preserve)(?:_(?:last|count|n|daily|weekly|monthly|yearly|hourly|within|versions|generations|copies|snapshots|backups))?$/;
/** Every keep field at zero or empty, none above it: nothing is kept. */
function keepsNothing(f: Map<string, unknown>): string | undefined {
  const keeps = [...f].filter(([k]) => KEEP.test(k) && !/retention/.test(k));
  if (keeps.length === 0) return undefined;
  const zero = ([, v]: [string, unknown]): boolean =>
    v === 0 || v === '0' || (Array.isArray(v) && v.length === 0) || v === '';
  return keeps.every(zero) ? keeps[0]![0] : undefined;
}

/** A retention whose unit the key names, under a minute (`retention_ms: 1`, `retention_seconds: 0`). */
const RETENTION =
  /^(?:(?:log_|delete_|data_)?retention)(?:_(ms|millis|milliseconds|s|sec|secs|seconds|m|min|mins|minutes|h|hours|d|days))?$/;
function keptUnderAMinute(f: Map<string, unknown>): string | undefined {
  for (const [k, v] of f) {
    const m = RETENTION.exec(k);
    if (m === null) continue;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n) || n < 0) continue;
    const unit = m[1] ?? '';
    const seconds = /^m(?:s|illis|illiseconds)$/.test(unit)
      ? n / 1000
      : /^(?:m|min|mins|minutes)$/.test(unit)
        ? n * 60
        : /^(?:h|hours)$/.test(unit)
          ? n * 3600
          : /^(?:d|days)$/.test(unit)
            ? n * 86400
            : unit === ''
              ? NaN
              : n;
    if (seconds < 60) return k;
  }
  return undefined;
}

/** Flag words that destroy something beside the main change (`destroy_later_snapshots`, `purge_after_archive`, `prune_tags`). */
const LOSS_WORD = /^(?:destroy|delete|purge|prune|wipe|erase|drop|remove|discard|hard)$/;
/** Flag words that keep, protect or narrow instead. */
const KEEPING =
  /^(?:protect|protection|protected|prevent|retain|keep|skip|dry|dryrun|on|marker|markers|expired|old|stale|tmp|temp|orphaned|unused|merged|untagged|dangling|cache|cached|logs|local|source|empty|emptydir|preview|previews|untracked|ignored)$/;
/** Keys that skip the backup a loss could be undone from (`skip_backup`, `no_final_snapshot`, `skip_final_snapshot`). */
const NO_BACKUP =
  /^(?:skip|no|without|bypass|disable)_(?:final_)?(?:backup|backups|snapshot|snapshots|dump|export|archive)$/;

function lossFlag(f: Map<string, unknown>): string | undefined {
  for (const [k, v] of f) {
    if (NO_BACKUP.test(k) && truthy(v)) return k;
    const words = k.split('_').filter((x) => x !== '');
    // One word (`prune: true`, `purge: true`) is the verb's own routine step; two say what goes (`prune_tags`).
    if (words.length < 2 || words.length > 4 || !words.some((x) => LOSS_WORD.test(x))) continue;
    if (words.some((x) => KEEPING.test(x))) continue;
    // `hard_delete: true`, `prune_branches: "all"`, `destroy_later_snapshots: true`.
    if (truthy(v) || (typeof v === 'string' && /^\s*(?:all|everything|\*)\s*$/i.test(v))) return k;
  }
  return undefined;
}

/** A rollback's target that is the very first state (`release: v1`, `snapshot: tank/db@initial`, `version: 0`). */
const FIRST =
  /^(?:v?0*[01]|initial|init|first|genesis|root|empty|base|zero)$|[@/:](?:initial|init|first|genesis)(?:$|[-_.\d])/i;
const ROLLBACK = /^(?:rollback|revert|reset|restore|downgrade|rewind)$/;
function toFirstState(w: readonly string[], f: Map<string, unknown>): string | undefined {
  if (!w.some((x) => ROLLBACK.test(x))) return undefined;
  for (const [k, v] of f)
    if (
      /(?:^|_)(?:release|version|snapshot|revision|to|target|commit)$/.test(k) &&
      typeof v === 'string' &&
      FIRST.test(v.trim())
    )
      return k;
  return undefined;
}

/** Shared branches whose history, rewritten and forced, is lost for everyone. */
const SHARED_BRANCH = /^(?:refs\/heads\/)?(?:main|master|trunk|develop|production|prod|release|stable)$/i;
function forcedOverShared(f: Map<string, unknown>): string | undefined {
  const branch = [...f].find(([k, v]) => /^(?:branch|ref|target_branch)$/.test(k) && typeof v === 'string');
  if (branch === undefined || !SHARED_BRANCH.test((branch[1] as string).trim())) return undefined;
  const forced = [...f].some(
    ([k, v]) =>
      (/^(?:force|force_push|push_force)$/.test(k) && truthy(v)) ||
      (/^(?:push|push_mode|mode)$/.test(k) && typeof v === 'string' && /^\s*force\b/i.test(v)),
  );
  return forced ? `${branch[1] as string} force-pushed` : undefined;
}

/** Values that pick every member under any key (`customer: "any"`, `instance_ids: ["*"]`). */
const ANY = /^\s*(?:\*|any|all|everyone|everything)\s*$/i;

/** Every member of the target: the name says all, or a field's value picks every member. */
function every(w: readonly string[], f: Map<string, unknown>): string | undefined {
  for (const [k, v] of f)
    if (
      (typeof v === 'string' && ANY.test(v)) ||
      (/(?:^|_)(?:ids|names|targets|instances|keys)$/.test(k) && selectsEverything(v, k))
    )
      return `every ${k}`;
  return w.some((x) => /^(?:all|every|entire|whole)$/.test(x)) ? `all ${w.join('_')}` : undefined;
}

/** The target is production, every member of something, or a whole container the name names (`archive_space`). */
function wholeOrProduction(w: readonly string[], f: Map<string, unknown>): string | undefined {
  const prod = names(f).find((n) => PRODUCTION.test(n));
  if (prod !== undefined) return prod;
  const all = every(w, f);
  if (all !== undefined) return all;
  // A local path (`workspace: /work/ws`) is the file rules' to judge.
  const whole = w.find(
    (x) => nounKind([x]) === 'whole' && typeof f.get(x) === 'string' && !/^[./~]/.test(f.get(x) as string),
  );
  return whole !== undefined ? `${whole} ${String(f.get(whole))}` : undefined;
}

/**
 * Verbs whose effect is loss by itself, outside whole-resource.ts's lists: a machine reimaged or an
 * invoice voided cannot be had back, a secrets engine unmounted takes its secrets with it, a node
 * drained or an account unlinked stops what ran on it (a VM deallocated keeps its disk, an app
 * uninstalled is one integration: neither is here). Judged only on production or every member.
 */
const LOSES = /^(?:reimage|reinstall|reformat|void|forget|unlink|delink|unmount|drain|squash)$/;
/** Objects a filesystem unmount acts on: the data stays on them. */
const MOUNTED =
  /^(?:disk|disks|volume|volumes|filesystem|filesystems|fs|drive|drives|device|devices|share|shares|iso|image)$/;

/** Cheap gate on the keys: a call with none of these flags is never read further. */
const GATE =
  /keep|retain|retention|ttl|max_age|expire|destroy|delete|purge|prune|wipe|erase|drop|remove|discard|hard|skip|no_|without|bypass|release|version|snapshot|revision|push|force|to$|target|commit/;

/** Opens on a verb of loss in the name or a top-level key the readings above look at (the same early returns). */
export const IRREVERSIBLE_GATE: Gate = {
  name: union(LOSES),
  when: (s) => [...s.f.keys()].some((k) => GATE.test(k)),
};

export function irreversibleLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (f.size === 0 || f.size > 32 || w.some((x) => READS.test(x) || CREATES.test(x))) return [];
  const verb = w.find((x) => LOSES.test(x) && !(x === 'unmount' && w.some((y) => MOUNTED.test(y))));
  if (verb === undefined && ![...f.keys()].some((k) => GATE.test(k))) return [];
  // Nothing kept, or kept under a minute: the store is emptied whatever the verb (`update_topic {retention_ms: 1}`).
  const kept = keepsNothing(f) ?? keptUnderAMinute(f);
  const safe = w.some((x) => SAFE.test(x) && !ROLLBACK.test(x));
  if (kept === undefined && safe) return [];
  const how =
    kept ??
    lossFlag(f) ??
    toFirstState(w, f) ??
    forcedOverShared(f) ??
    // Everything of a production target forced through (`drain_all_nodes {cluster: prod-eks, force: true}`).
    (truthy(f.get('force')) && every(w, f) !== undefined && names(f).some((n) => PRODUCTION.test(n))
      ? 'force on every member'
      : undefined) ??
    // A verb of loss on every member; a secrets engine unmounted loses its data even alone.
    (verb !== undefined &&
    (every(w, f) !== undefined || (verb === 'unmount' && names(f).some((n) => PRODUCTION.test(n))))
      ? verb
      : undefined);
  if (how === undefined) return [];
  const all = names(f);
  const shared = forcedOverShared(f) !== undefined;
  const target = shared ? 'a shared branch' : wholeOrProduction(w, f);
  if (target === undefined || scratchOnly([...all, w.join('_')])) return [];
  return [action(target, `${w.join('_')} with ${how}`)];
}
