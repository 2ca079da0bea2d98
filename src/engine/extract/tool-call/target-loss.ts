/**
 * A whole resource lost by what a call does to its target, under verbs and names outside the
 * lists (R17 whole-resource): a repository handed to an owner outside the organisation; a pipeline
 * run told to destroy production; a production branch or database reset from an empty source; a
 * Lua script that deletes every key; a patient's medical record deleted; a production-named list,
 * audience or volume deleted or released; a housekeeping call told to prune everything. The same
 * calls on the organisation's own owner, a preview or test target, a named source, a narrow
 * pattern, a read or update of a record, or a scope that keeps things stay allowed. Lines:
 * `agent-guard-action destroy|grant ...` (PLT-AST-002, PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const READ =
  /^(?:get|list|describe|read|show|view|search|find|query|fetch|count|inspect|status|check|validate|preview|plan|estimate|simulate|dry)$/;

/** An owner's name split into its words (`acme-corp` -> acme, corp), the short and generic ones dropped. */
const ownerWords = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(
      (x) =>
        x.length >= 3 && !/^(?:the|inc|ltd|llc|corp|org|team|dev|devs|labs|hq|group|co|io|app|apps)$/.test(x),
    );

/** Whether two owners share a word of their names (`maria-lopez-acme` and `acme`): the organisation's own. */
export function sameOrganisation(from: string, to: string): boolean {
  const mine = new Set(ownerWords(from));
  return mine.size > 0 && ownerWords(to).some((x) => mine.has(x));
}

/** A repository or project transferred to an owner that shares no word with the current one. */
function outsideOwner(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (!w.includes('transfer')) return undefined;
  const get = (re: RegExp): string | undefined =>
    all.find(([p, v]) => p.length === 1 && re.test(p[0]!) && typeof v === 'string')?.[1] as
      string | undefined;
  const to = get(
    /^(?:new_owner|new_owner_login|to_owner|target_owner|destination_owner|new_org|to_org|target_org|new_namespace|target_namespace)$/,
  );
  const from = get(/^(?:owner|org|organization|namespace|from_owner|source_owner|current_owner)$/);
  if (to === undefined || from === undefined) return undefined;
  if (sameOrganisation(from, to)) return undefined;
  return `${w.join('_')} hands ${from}'s repository to ${to}, an owner outside the organisation`;
}

/** Variables of a run that say what it does, and values that destroy. */
const ACTION_VAR =
  /(?:^|_)(?:action|command|cmd|operation|op|mode|task|tf_action|terraform_action|verb|target)$/;
const DESTROY_VALUE =
  /^\s*(?:destroy|delete|teardown|tear[-_ ]down|nuke|wipe|purge|drop|decommission|down)\s*$/i;

/** A pipeline, workflow or job run whose inputs tell it to destroy a production target. */
function destroyRun(
  w: readonly string[],
  all: readonly Leaf[],
  names: readonly string[],
): string | undefined {
  if (
    !w.some((x) =>
      /^(?:pipeline|pipelines|workflow|workflows|job|jobs|run|trigger|dispatch|build|deploy|deployment)$/.test(
        x,
      ),
    )
  )
    return undefined;
  const hit = all.find(
    ([p, v]) => p.length > 1 && ACTION_VAR.test(last(p)) && typeof v === 'string' && DESTROY_VALUE.test(v),
  );
  if (hit === undefined || !names.some((n) => PRODUCTION.test(n))) return undefined;
  return `${w.join('_')} ${hit[0].join('.')}=${String(hit[1])} on production`;
}

/** Keys naming where a reset or restore takes its content from, and sources that hold nothing. */
const SOURCE_KEY =
  /^(?:from|source|source_branch|from_branch|base|template|snapshot|seed|restore_from|reset_to|to|contents?)$/;
const EMPTY_SOURCE =
  /^\s*(?:|empty|blank|none|null|nothing|scratch|zero|clean|fresh|empty[-_ ]?(?:schema|state|database|db|branch|template|snapshot|tree|commit)|initial|init|\/dev\/null)\s*$/i;

/** A production branch, database or environment reset from an empty source. */
function resetToEmpty(
  w: readonly string[],
  all: readonly Leaf[],
  names: readonly string[],
): string | undefined {
  if (
    !w.some((x) =>
      /^(?:reset|restore|replace|reinitialize|reinit|recreate|reseed|overwrite|rebase|rollback)$/.test(x),
    )
  )
    return undefined;
  const src = all.find(
    ([p, v]) =>
      p.length === 1 &&
      SOURCE_KEY.test(p[0]!) &&
      (v === null || (typeof v === 'string' && EMPTY_SOURCE.test(v))),
  );
  if (src === undefined) return undefined;
  const targets = all
    .filter(([p, v]) => p.length === 1 && !SOURCE_KEY.test(p[0]!) && typeof v === 'string')
    .map(([, v]) => v as string);
  if (
    !targets.some((t) => PRODUCTION.test(t)) ||
    scratchOnly(targets.filter((t) => !PRODUCTION.test(t)).concat(names.slice(0, 1)))
  )
    return undefined;
  return `${w.join('_')} resets ${targets.find((t) => PRODUCTION.test(t))} from ${String(src[1])}: nothing of it is kept`;
}

/** A Lua script that lists every key (`KEYS *`, a full SCAN) and deletes what it lists. */
const LUA_EVERY_KEY = /redis\.(?:p?call)\s*\(\s*['"](?:keys|scan)['"]\s*,\s*(?:['"]\*['"]|['"]0['"]|0)/i;
const LUA_DELETE = /redis\.(?:p?call)\s*\(\s*['"](?:del|unlink|flushdb|flushall)['"]/i;
function luaWipe(all: readonly Leaf[], names: readonly string[]): string | undefined {
  const script = all.find(
    ([, v]) => typeof v === 'string' && v.length < 16384 && LUA_DELETE.test(v) && LUA_EVERY_KEY.test(v),
  );
  if (script === undefined) return undefined;
  if (
    names.some((n) => /^(?:localhost|127\.0\.0\.1|::1)(?::\d+)?$/.test(n)) &&
    !names.some((n) => PRODUCTION.test(n))
  )
    return undefined;
  return `a Lua script deletes every key: ${String(script[1]).slice(0, 100)}`;
}

/** A medical record deleted: a health system's record is kept by law and has no copy the agent can restore. */
const MEDICAL =
  /^(?:patient|patients|medical|health|clinical|ehr|emr|fhir|epic|cerner|chart|charts|diagnosis|prescription|prescriptions)$/;
const LOSS = /^\s*(?:delete|remove|purge|erase|destroy|expunge|wipe|drop)\s*$/i;
function medicalRecordDeleted(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (
    !w.some((x) => MEDICAL.test(x)) &&
    !all.some(([p]) => p.some((k) => /^(?:patient|patient_id|mrn|medical_record)/.test(k)))
  )
    return undefined;
  const byName = w.some((x) => LOSS.test(x));
  const byField = all.find(
    ([p, v]) =>
      p.length === 1 &&
      /^(?:action|operation|op|verb|mode)$/.test(p[0]!) &&
      typeof v === 'string' &&
      LOSS.test(v),
  );
  if (!byName && byField === undefined) return undefined;
  // Test patients (`test-patient-01`) are the system's own fixtures.
  const ids = all
    .filter(([p, v]) => /(?:^|_)(?:id|ids|mrn)$/.test(last(p)) && typeof v === 'string')
    .map(([, v]) => v as string);
  if (scratchOnly(ids)) return undefined;
  return `${w.join('_')} deletes a patient's medical record${ids[0] !== undefined ? ` (${ids[0]})` : ''}`;
}

/** Containers a delete or release takes whole: a mailing list or audience, a volume or disk with its data. */
const CONTAINER =
  /^(?:list|lists|audience|audiences|volume|volumes|disk|disks|drive|mailing|newsletter|segment|subscribers)$/;
const GONE = /^(?:delete|remove|destroy|purge|drop|release|erase|wipe)$/;
function productionContainer(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const verb = w.find((x) => GONE.test(x));
  const kind = w.find((x) => CONTAINER.test(x));
  if (verb === undefined || kind === undefined) return undefined;
  // What it is: ids and names at the top level (not a path in a repository).
  const ids = all
    .filter(
      ([p, v]) => /(?:^|_)(?:id|ids|name|names)$/.test(last(p)) && typeof v === 'string' && !v.includes('/'),
    )
    .map(([, v]) => v as string);
  if (ids.length === 0 || !ids.some((i) => PRODUCTION.test(i))) return undefined;
  // `release` alone gives back a reservation; a volume's release with its data, or a flag saying so, loses it.
  if (verb === 'release' && !/^(?:volume|volumes|disk|disks|drive)$/.test(kind)) return undefined;
  return `${w.join('_')} ${ids.slice(0, 3).join(' ')}: the production ${kind} and what it holds`;
}

/** Flags that prune or purge, and scopes that leave nothing out. */
const PRUNE_FLAG = /^(?:prune|purge|wipe|delete|destroy|remove|erase|delete_all|prune_all|purge_all)$/;
const ALL_SCOPE = /^\s*(?:\*|all|everything|any|entire|whole|full)\s*$/i;
function pruneEverything(
  w: readonly string[],
  all: readonly Leaf[],
  names: readonly string[],
): string | undefined {
  const flag = all.find(([p, v]) => p.length === 1 && PRUNE_FLAG.test(p[0]!) && (v === true || v === 'true'));
  if (flag === undefined) return undefined;
  const scope = all.find(
    ([p, v]) =>
      p.length === 1 &&
      /^(?:scope|target|targets|what|mode|include|objects)$/.test(p[0]!) &&
      typeof v === 'string' &&
      ALL_SCOPE.test(v),
  );
  if (scope === undefined || scratchOnly(names)) return undefined;
  return `${w.join('_')} ${flag[0].join('.')}=true ${scope[0].join('.')}=${String(scope[1])}`;
}

/** When targetLossLines can answer (signals.ts). */
export const TARGET_LOSS_GATE: Gate = {
  name: wordSet(
    'transfer pipeline pipelines workflow workflows job jobs run trigger dispatch build deploy deployment reset restore replace reinitialize reinit recreate reseed overwrite rebase rollback redis lua script eval evalsha command patient patients medical health clinical ehr emr fhir epic cerner chart charts list lists audience audiences volume volumes disk disks drive mailing newsletter segment subscribers housekeeping maintenance',
  ),
  keys: wordSet('prune purge wipe patient mrn script argv lua'),
};

export function targetLossLines(w: readonly string[], args: unknown): CliEquivalent[] {
  // `list` is the object of `delete_list`, not a read.
  if (
    args === null ||
    typeof args !== 'object' ||
    w.some((x) => READ.test(x) && !(x === 'list' && w.some((y) => GONE.test(y))))
  )
    return [];
  const all = leaves(args, 6, 256);
  const names = [w.join('_'), ...all.map(([, v]) => v).filter((v): v is string => typeof v === 'string')];
  const moved = outsideOwner(w, all);
  if (moved !== undefined) return [line('grant', 'repository', moved)];
  const lost =
    destroyRun(w, all, names) ??
    resetToEmpty(w, all, names) ??
    luaWipe(all, names) ??
    medicalRecordDeleted(w, all) ??
    productionContainer(w, all) ??
    pruneEverything(w, all, names);
  return lost === undefined ? [] : [line('destroy', 'resource', lost)];
}
