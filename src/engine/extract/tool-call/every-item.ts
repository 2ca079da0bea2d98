/**
 * Every item of a kind deleted, revoked or switched off at once (red team r9): the name says all
 * (`delete_all_backups`, `revoke_all_api_keys`, `hubspot_delete_all_contacts`, `stop_all_instances`)
 * or a field does (`bulk_delete_records {all: true}`, `disable_user_accounts {users: "*"}`), and no
 * field narrows it to some items. Losing every backup, user or key of an account is losing the
 * account's whole resource, so the call becomes `agent-guard-action destroy|suspend <every x>` for
 * PLT-AST-002. Disposable kinds (caches, drafts, notifications, CI runs), qualified sets (stale,
 * merged, expired) and test or scratch targets give nothing.
 */
import { str, type CliEquivalent } from './cli.js';
import { PRODUCTION, scratchOnly } from './whole-resource.js';
import { createdBeforeOnly, KEPT_RECORDS, selectsEverything, spansAllTime } from './select-all.js';
import { actionLine as action } from './action-line.js';

/** Verbs that lose what they act on (a refund of every payment loses the revenue). */
const DESTROY = new Set(
  'delete remove destroy purge wipe erase drop rm nuke flush empty clear truncate terminate deprovision obliterate dispose revoke invalidate expire unpublish undeploy kill evict scrub expunge shred retire zero offboard refund'.split(
    ' ',
  ),
);
/** Verbs that take what they act on out of service. */
const SUSPEND = new Set(
  'disable deactivate suspend stop pause deregister unregister detach cancel block lock archive'.split(' '),
);
/** Kinds whose every item archived is an emptied inbox, not a lost store (archiving mail keeps it). */
const MAIL =
  /^(?:mail|mails|email|emails|message|messages|inbox|thread|threads|conversation|conversations|chat|chats)$/;
const ALL = new Set(['all', 'every', 'everything', 'each', 'entire', 'whole']);
/** Trailing name words that say a set is acted on, not which kind (`destroy_many`, `bulk_delete`). */
const SET_WORD = /^(?:many|bulk|batch|batches|multiple|mass)$/;

/** Kinds whose every item is disposable or rebuilt by itself. */
const DISPOSABLE = new Set(
  'cache caches notification notifications draft drafts breakpoint breakpoints selection selections highlight highlights output outputs run runs build builds job jobs workflow workflows timer timers watcher watchers terminal terminals tab tabs session sessions process processes container containers pod pods cookie cookies log logs tmp temp reminder reminders'.split(
    ' ',
  ),
);
/** Name words that narrow "all" to some items (`delete_all_merged_branches`, `purge_all_expired_tokens`). */
const QUALIFIER = new Set(
  'stale old merged expired unused orphaned orphan dangling completed finished failed inactive archived deleted spam trash junk duplicate duplicates untagged unreferenced obsolete outdated temporary read other my own local test tests'.split(
    ' ',
  ),
);
/** Keys that pick some items: id lists, a query, an age or date bound (a single `*_id` names the container). */
const NARROWING =
  /(?:^|_)(?:ids|keys|names|arns|uids|query|filter|where|selector|match|prefix|older|before|after|since|until|age|days|pattern|regex|glob|condition|conditions|criteria)$/;
/** Values that pick every item under any key. */
const SELECT_ALL =
  /^\s*(?:\*|%|all|everyone|everything|any|in:all(?:mail)?|in:anywhere|\*@[\w.-]+\.[a-z]{2,})\s*$/i;
/** Keys that narrow by a condition, in SaaS spellings too (HubSpot `filterGroups`, Airtable `filterByFormula`). */
const FILTER_KEY =
  /^(?:filter|filters|where|query|selector|criteria|conditions?|match|filter_?groups|filter_?by_?formula|formula)$/i;

/** A value naming every item of a kind (`segment: "all_subscribers"`, `audience: "All contacts"`). */
const ALL_OF = /^\s*(?:all|every)[\s_-]+([a-z]+)\s*$/i;
/** `all_unsubscribed`, `all_bounced`, `all_inactive`: every item of a leftover state, a narrowed set. */
const allOfKind = (v: string): boolean => {
  const kind = ALL_OF.exec(v)?.[1]?.toLowerCase();
  return kind !== undefined && !QUALIFIER.has(kind) && !DEAD_STATE.test(kind) && !/^un/.test(kind);
};

const selectsAll = (v: unknown): boolean =>
  (typeof v === 'string' && (SELECT_ALL.test(v) || allOfKind(v))) ||
  (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && SELECT_ALL.test(v[0]));

/** A field that says every item: `all: true`, `delete_all: true`, `users: "*"`, `older_than_days: -1`. */
function allField(f: Map<string, unknown>, kept: boolean): string | undefined {
  for (const [k, v] of f) {
    if (spansAllTime(k, v)) return k;
    // Every customer or ticket made before a moment (`filter: {created: {lt: 1764374400}}`).
    if (
      kept &&
      (FILTER_KEY.test(k) || /^created/i.test(k)) &&
      createdBeforeOnly(k.startsWith('created') ? { [k]: v } : v)
    )
      return k;
    if (
      // `all_rows: true`, `delete_all_records: true` (R13): every row or record of the store named beside it.
      /^(?:(?:delete_|remove_|purge_)?all(?:_(?:items|rows|records|documents|docs|objects|entries|data|contents|points|vectors))?|everything|select_all)$/.test(
        k,
      ) &&
      (v === true || v === 'true')
    )
      return k;
    // Every version of every package or image (`delete_org_packages {org, all_versions: true}`): no one is named.
    if (
      /^all_(?:versions|tags|releases|images|packages|artifacts)$/.test(k) &&
      (v === true || v === 'true') &&
      ![...f.keys()].some((x) => /(?:^|_)(?:package|image|repository|repo|name|artifact|id)$/.test(x))
    )
      return k;
    if (
      !/(?:^|_)(?:path|paths|dir|file|files|glob|pattern|regex|region|regions|scope|fields|columns)$/.test(
        k,
      ) &&
      selectsAll(v)
    )
      return k;
    // An empty condition, or one every item meets, selects every item (`archive_pages {filter: {}}`,
    // `{filter: {team: {key: {eq: "ENG"}}}}`, HubSpot `HAS_PROPERTY` on `createdate`).
    if (FILTER_KEY.test(k) && v !== null && typeof v !== 'boolean' && selectsEverything(v, k)) return k;
  }
  return undefined;
}

/**
 * One item of a singular kind named by its own id (`delete_message {message_id, for: "everyone"}`,
 * `delete_calendar_event {eventId, sendUpdates: "all"}`): an `all` in another field says who is
 * told, or which of that item's versions or instances go, not that every item of the kind goes.
 */
function oneNamed(kinds: readonly string[], f: Map<string, unknown>, field: string | undefined): boolean {
  // A plural kind (`delete_messages`) names a set.
  const stems = kinds.filter((x) => x !== '' && !/[^s]s$/.test(x));
  if (stems.length === 0) return false;
  const own = (k: string): boolean =>
    /^(?:id|uuid|gid)$/.test(k) ||
    stems.some(
      (x) =>
        // `bulk_action {action: "disable"}`: the operation field, not an item.
        (k === x && !/^(?:action|operation|op|method|command|verb|mode|type|kind)$/.test(k)) ||
        (k.startsWith(`${x}_`) && OWN_ID.test(k.slice(x.length + 1))),
    );
  return [...f].some(
    ([k, v]) =>
      k !== field &&
      own(k) &&
      // A variable (`$id` of a bulk mutation run once per line of a file) names no one item.
      ((typeof v === 'string' && v.trim() !== '' && !/^\s*(?:\$|\{\{|<|:)/.test(v) && !selectsAll(v)) ||
        typeof v === 'number'),
  );
}
const OWN_ID = /^(?:id|uuid|gid|key|name|ref|number)$/;

/** A field value that narrows the set (spam or trash only, an id list, a query). */
function narrowed(f: Map<string, unknown>, kept: boolean): boolean {
  for (const [k, v] of f) {
    if (kept && createdBeforeOnly(FILTER_KEY.test(k) ? v : { [k]: v })) continue;
    if (typeof v === 'string' && /^(?:spam|trash|junk|bin|deleted|archived?)$/i.test(v.trim())) return true;
    // Everything inside one local file or folder (`disable_all_lint_rules {file: "src/a.ts"}`).
    if (
      /^(?:path|file|file_path|filepath|filename|notebook|notebook_path)$/.test(k) &&
      typeof v === 'string' &&
      v !== ''
    )
      return true;
    if (!NARROWING.test(k) || v === undefined || v === null || v === '' || selectsAll(v)) continue;
    // A condition every item meets picks them all (select-all.ts).
    if (FILTER_KEY.test(k) && typeof v !== 'boolean' && selectsEverything(v, k)) continue;
    // An age every item has reached (`older_than_days: -1`) keeps them all.
    if (spansAllTime(k, v)) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    return true;
  }
  return false;
}

/** States of items that are over: deleting or stopping those is cleanup. */
const DEAD_STATE =
  /\b(?:cancell?ed|closed|stopped|terminated|expired|archived|deleted|inactive|disabled|deactivated|deprovisioned|offboarded|churned|suspended|failed|rejected|declined|bounced|pending|stale|spam|trash|draft|orphaned|completed|finished|done|resolved|succeeded|abandoned|errored|old)\b/i;

/** Negated conditions: they select what is not in the named state. */
const NEGATION = /\$(?:ne|nin|not)\b|!=|<>|\bne\b|\bnot\b/i;

/** Keys that select items by a condition instead of naming them. */
const SELECTOR_KEY =
  /^(?:filter|filters|selector|label_selector|tag_filter|tag_filters|tags|where|query|search|match)$/;
/** Keys that name items one by one (then the call acts on those, not on a set). */
const ITEM_KEY = /(?:^|_)(?:id|ids|arn|arns|key|keys|name|names|uid|uids|login|email|emails|user|username)$/;
/** Keys that select by a tag, label or environment's value. */
const ENV_KEY = /^(?:tag|tag_name|tag_key|tag_value|label|label_selector|environment|env|stage)$/;
/** Attributes a condition selects a whole state or environment by (not one item's identity). */
const STATE_ATTRIBUTE =
  /^(?:status|state|type|kind|env|environment|stage|tier|plan|lifecycle|lifecycle_state|instance_state_name|active|enabled|tag:[\w.-]+)$/i;

/**
 * A selector that picks a whole state or environment: `status eq "ACTIVE"`, `{"tag:env": "prod"}`,
 * `[{Name: "instance-state-name", Values: ["running"]}]`; not one that names an item (`email eq "x"`).
 */
function broadSelector(v: unknown): boolean {
  if (typeof v === 'string') {
    // Every compared attribute counts (`id > 5000 AND state = 'done'` names a range of ids too).
    const attrs = [
      ...v.matchAll(/([\w.:-]+)\s*(?:\s(?:eq|ne|gt|ge|lt|le|=|==|is|in|sw|co)\s|[=:<>!]=?)/gi),
    ].map((m) => m[1]!.replace(/^.*\./, ''));
    return attrs.length > 0 && attrs.every((a) => STATE_ATTRIBUTE.test(a.replace(/-/g, '_')));
  }
  if (Array.isArray(v)) return v.length > 0 && v.slice(0, 16).every((x) => broadSelector(x));
  if (v === null || typeof v !== 'object') return false;
  const rec = v as Record<string, unknown>;
  // EC2's `{Name: "tag:env", Values: ["prod"]}`.
  const named = rec.Name ?? rec.name ?? rec.Key ?? rec.key;
  if (typeof named === 'string' && (rec.Values ?? rec.values ?? rec.Value ?? rec.value) !== undefined)
    return STATE_ATTRIBUTE.test(named.replace(/-/g, '_'));
  const keys = Object.keys(rec);
  return keys.length > 0 && keys.every((k) => STATE_ATTRIBUTE.test(k.replace(/-/g, '_')));
}

/** `aws_stop_instances {filters: {"tag:env": "prod"}}`, `okta_deactivate_users {filter: 'status eq "ACTIVE"'}`. */
function everyInState(
  w: readonly string[],
  f: Map<string, unknown>,
  verb: string,
): CliEquivalent | undefined {
  const selector = [...f].find(
    ([k, v]) =>
      (SELECTOR_KEY.test(k) && broadSelector(v)) ||
      // Every item carrying the production tag or label (`delete_droplets_by_tag {tag_name: production}`),
      // when nothing else is named (`disable_flag {flag: x, environment: production}` is one flag).
      (ENV_KEY.test(k) &&
        !w.some((x) => ALL.has(x)) &&
        typeof v === 'string' &&
        PRODUCTION.test(v) &&
        [...f].every(([k2, v2]) => k2 === k || typeof v2 !== 'string')),
  );
  // Items named one by one (a flag such as `send_email: false` names none).
  const named = [...f].some(
    ([k, v]) =>
      ITEM_KEY.test(k) &&
      !SELECTOR_KEY.test(k) &&
      !ENV_KEY.test(k) &&
      (typeof v === 'string' || typeof v === 'number' || (Array.isArray(v) && v.length > 0)),
  );
  if (selector === undefined || named) return undefined;
  const values = JSON.stringify(selector[1]);
  // A terminal state picks the leftovers (`status: cancelled`, `state: stopped`), not the living set;
  // so does a negation (`status: {$ne: "active"}`, `state != 'running'`): everything but the live state.
  // A state compared below (Zendesk `status<closed`: new, open, pending) is the living set itself.
  const live = values.replace(/<(?![=>])\s*[\w-]+/g, '');
  if (DEAD_STATE.test(live) || NEGATION.test(live)) return undefined;
  if (scratchOnly([...(values.match(/[\w.:-]+/g) ?? []).slice(0, 32), w.join('_')])) return undefined;
  const effect = DESTROY.has(verb) ? 'destroy' : 'suspend';
  return action(effect, `set of ${w.at(-1) ?? 'item'}`, `${w.join('_')} where ${values.slice(0, 120)}`);
}

export function everyItemLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  const at = w.findIndex((x) => DESTROY.has(x) || SUSPEND.has(x));
  const verb = w[at];
  // `list` after the verb is the noun (`delete_list_members`: a mailing list's members), not a read.
  if (
    verb === undefined ||
    w.some((x, i) => /^(?:get|describe|read|show|count|preview|plan)$/.test(x) || (x === 'list' && i < at))
  )
    return [];
  // `tickets_destroy_many`, `customers_bulk_delete`: words saying a set, not the kind.
  let end = w.length;
  while (end > 1 && SET_WORD.test(w[end - 1]!)) end--;
  const core = w.slice(0, end);
  const last = core.at(-1) ?? '';
  if (!DISPOSABLE.has(last) && !w.some((x) => QUALIFIER.has(x))) {
    const inState = everyInState(w, f, verb);
    if (inState !== undefined) return [inState];
  }
  const named = core.findIndex((x) => ALL.has(x));
  // `users_delete_all` (Auth0): the kind is named before the verb.
  const before =
    named === core.length - 1 && at > 0 && /[^s]s$/.test(core[at - 1]!) ? core[at - 1]! : undefined;
  // `clear_all`, `docker_stop_all`: all of nothing named (a screen, the local containers).
  if (named === core.length - 1 && before === undefined) return [];
  // The kind: the words after `all` (`delete_all_api_keys` -> keys), else the name's last word.
  const plain = (named >= 0 ? core.slice(named + 1) : core.slice(-1)).filter(
    (x) => !DESTROY.has(x) && !SUSPEND.has(x),
  );
  // Without a verb-word at the end (`stripe_customers_bulk_delete`), the kind is the noun before the verb.
  const noun = core
    .slice(0, Math.max(at, 0))
    .filter((x) => !SET_WORD.test(x))
    .at(-1);
  const kind = before !== undefined ? [before] : plain.length > 0 ? plain : noun !== undefined ? [noun] : [];
  const object = kind.at(-1) ?? 'item';
  const kept = KEPT_RECORDS.test(object);
  const field = named < 0 ? allField(f, kept) : undefined;
  if (named < 0 && field === undefined) return [];
  // A workspace admin's `conversations` are the team's channels (Slack `admin.conversations.*`), not a mailbox.
  if (verb === 'archive' && w.some((x) => MAIL.test(x)) && !w.includes('admin')) return [];
  // Every line of one order or charge refunded (`refund_all_items {order_id: "ord_1"}`) is one refund.
  if (
    verb === 'refund' &&
    [...f].some(([k, v]) => /(?:^|_)id$/.test(k) && typeof v === 'string' && !selectsAll(v))
  )
    return [];
  if (DISPOSABLE.has(object) || w.some((x) => QUALIFIER.has(x)) || narrowed(f, kept)) return [];
  if (named < 0 && oneNamed([object, w.at(-1) ?? ''], f, field)) return [];
  const names = [...f.values()].filter((v): v is string => typeof v === 'string');
  if (scratchOnly([...names, w.join('_')])) return [];
  // A local process or container set stays local unless it names production.
  if (/^(?:containers?|processes)$/.test(object) && !names.some((n) => PRODUCTION.test(n))) return [];
  const target = str(f, 'tenant', 'organization', 'org', 'account', 'project', 'vault', 'cluster', 'table');
  const effect = DESTROY.has(verb) ? 'destroy' : 'suspend';
  return [action(effect, `set of ${object}`, `${w.join('_')}${target !== undefined ? ` ${target}` : ''}`)];
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const EVERY_ITEM_WORDS = [...DESTROY, ...SUSPEND];
