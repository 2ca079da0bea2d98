/**
 * An organisation's own guard taken away by a settings call, read from the field's meaning rather
 * than a vendor's spelling (red team R22 controls off): second-factor enforcement switched off for
 * an organisation, workspace or group (`2sv_enforcement: off`, `two_factor_auth_required: 0`,
 * `enforce_twofactor: false`); a resource's diagnostic settings, log profile or log stream deleted
 * or emptied (its audit record stops); detection rules, alert policies or monitors switched off or
 * muted all at once (`filter: "*"`, `rule_ids: ["ALL"]`, `silenced: {"*": null}`); and the approvals
 * a merge needs set to 0. Enforcement switched on, a grace period, one rule off with its reason, one
 * monitor muted until a time, one or more approvals, and scratch or sandbox targets stay allowed.
 * Lines: `agent-guard-action weaken|silence|disarm ...` (PLT-AST-002, PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, SETTING, type Leaf, switchedOff } from './control-words.js';
import { lowerText, union, wordSet, type Gate } from './signals.js';
import { snakeKey } from './snake-entries.js';
import { actionLine as line } from './action-line.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';

/** Name words of reads and of creating or switching on. */
const READ_OR_ON =
  /^(?:get|list|describe|read|show|search|query|view|fetch|create|enable|add|new|check|test|validate|unmute|resume|activate)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const OFF_TEXT =
  /^\s*(?:false|off|none|no|0|disabled?|not[-_ ]?(?:required|enforced|allowed)|optional|unenforced|inactive)\s*$/i;
const isOff = (v: unknown): boolean => v === false || v === 0 || (typeof v === 'string' && OFF_TEXT.test(v));

/** Key words of a second factor (`2sv`, `two_step_verification`, `enforce_twofactor`, `mfa`). */
const FACTOR =
  /(?:^|_)(?:mfa|2fa|2sv|twofactor|twostep|two_factor|two_step|multi_factor|multifactor|second_factor)(?:_|$)/;
/** Key words that make a switch an enforcement for everyone, not one user's state. */
const ENFORCE =
  /(?:^|_)(?:require|required|requirement|enforce|enforced|enforcement|mandatory|policy)(?:_|$)/;
/** Name words of an organisation-wide setting (not one user's). */
const ORG_SCOPE =
  /^(?:org|orgs|organization|organisation|workspace|workspaces|account|tenant|group|groups|domain|policy|policies|security|settings|setting|team|enterprise|company)$/;

/** Second-factor enforcement switched off across an organisation, workspace or group. */
function factorOff(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const orgWide = w.some((x) => ORG_SCOPE.test(x));
  for (const [p, v] of all) {
    // `{setting: "2sv_enforcement", value: "off"}` is the leaf `@setting.2sv_enforcement` (control-words.ts).
    const path = p.filter((k) => k !== SETTING).join('_');
    // `disable_mfa: false` leaves the factor on; `disable_mfa: true` switches it off.
    const off = switchedOff(last(p), v, isOff);
    if (!FACTOR.test(path) || !off) continue;
    // A grace period or a count of days at 0 only makes enforcement start sooner.
    if (/(?:grace|period|days|hours|reminder|count)(?:_|$)/.test(path)) continue;
    // Whether an outside tenant's MFA is accepted (`inbound_trust.is_mfa_accepted`): false trusts less.
    if (/(?:^|_)(?:accepted|accept|trusted|trust)(?:_|$)/.test(path)) continue;
    if (typeof v === 'number' && !ENFORCE.test(path) && !/enabled$/.test(path)) continue;
    if (ENFORCE.test(path) || orgWide) return `${p.join('.')} ${String(v)}`;
  }
  return undefined;
}

/** Name words of where a resource's audit or diagnostic record is delivered. */
const DELIVERY = /^(?:diagnostic|diagnostics|profile|stream|streams|sink|sinks)$/;
const DELETE = /^(?:delete|remove|destroy|purge|detach)$/;

/** A resource's diagnostic settings, activity log profile or log stream deleted or emptied. */
function recordStopped(w: readonly string[], all: readonly Leaf[], args: object): string | undefined {
  const tool = w.join('_');
  // A log router's sink, export or forwarder (`gcp_logging_delete_sink`), or one named for the audit
  // record or a SIEM (`remove_forwarder {forwarder: siem-audit-export}`), carries the record away.
  const sink =
    w.some((x) => /^(?:sink|sinks|export|exports|forwarder|forwarders|forwarding)$/.test(x)) &&
    (w.some((x) => /^(?:log|logs|logging|audit|siem)$/.test(x)) ||
      all.some(
        ([, v]) => typeof v === 'string' && v.length < 120 && /(?:^|[^a-z])(?:audit|siem|_required)/i.test(v),
      ));
  const delivery =
    /diagnostic/.test(tool) ||
    /(?:^|_)log_(?:profile|stream|streams|sink|sinks|export|exports)(?:_|$)/.test(tool) ||
    sink;
  if (!delivery || (!sink && !w.some((x) => DELIVERY.test(x) || /^(?:log|logs)$/.test(x)))) return undefined;
  // A CloudWatch log group's stream is one source's events, not a delivery of the audit record.
  if (all.some(([p]) => /^log_group/.test(last(p)))) return undefined;
  if (w.some((x) => DELETE.test(x))) return `${tool} stops a resource's audit record`;
  // Diagnostic settings kept but with no log category left (`logs: []`).
  const logs = (args as Record<string, unknown>)['logs'];
  return /diagnostic/.test(tool) && Array.isArray(logs) && logs.length === 0
    ? `${tool} leaves no log category`
    : undefined;
}

/** Name words of detection rules, alert policies and monitors. */
const RULES =
  /^(?:rule|rules|monitor|monitors|alert|alerts|detection|detections|policy|policies|search|searches|analytics|integration|integrations|alarm|alarms|check|checks)$/;
/** Keys that select which rules change, and values that select all of them. */
const SELECT =
  /(?:^|_)(?:filter|query|ids|id|rule_ids|policy_ids|monitor_ids|scope|search|selector|rules|names|name)$/;
const ALL = /^\s*(?:\*|all|\*:\*|everything)\s*$/i;
/** Switch keys whose false value is off, and keys whose true value is off. */
const ON_KEY = /^(?:enabled|is_enabled|active|is_active|live|alerting|enable|status|state)$/;
const OFF_KEY = /^(?:disabled|is_disabled|paused|is_paused|muted|is_muted|silenced)$/;
/** A mute or pause that ends by itself. */
const END_KEY = /^(?:end|until|end_time|ends_at|expires|expires_at|expiration|duration|end_date|mute_until)$/;

/** Words that make rules a detection's or an alert's (not a linter's or a router's). */
const WATCH =
  /^(?:security|detection|detections|alert|alerts|alerting|monitor|monitors|monitoring|alarm|alarms|siem|threat|threats|analytics|searches|incident|incidents|correlation|integrations)$/;

/** Every detection rule, alert policy or monitor switched off or muted at once, for good. */
function rulesOff(w: readonly string[], all: readonly Leaf[], args: unknown): string | undefined {
  if (!w.some((x) => RULES.test(x))) return undefined;
  if (
    !w.some((x) => WATCH.test(x)) &&
    !all.some(([p]) => p.some((k) => k.split('_').some((x) => WATCH.test(x))))
  )
    return undefined;
  if (all.some(([p, v]) => END_KEY.test(last(p)) && v !== null && v !== '' && v !== 0)) return undefined;
  const tool = w.join('_');
  const every =
    (w.includes('all') && w.some((x) => /^(?:disable|pause|mute|silence|stop|deactivate)$/.test(x))) ||
    all.some(([p, v]) => typeof v === 'string' && SELECT.test(last(p)) && ALL.test(v));
  // `silenced: {"*": null}`: every scope muted with no end (Datadog monitors).
  const muteAll =
    args !== null &&
    typeof args === 'object' &&
    JSON.stringify(args).length < 16384 &&
    /"silenced"\s*:\s*\{\s*"\*"\s*:\s*null/.test(JSON.stringify(args));
  if (muteAll) return `${tool} mutes every scope with no end`;
  if (!every) return undefined;
  if (w.includes('all') && w.some((x) => /^(?:disable|pause|mute|silence|stop|deactivate)$/.test(x)))
    return `${tool} switches every one off`;
  const off = all.find(
    ([p, v]) =>
      (ON_KEY.test(last(p)) && isOff(v)) ||
      (OFF_KEY.test(last(p)) && (v === true || v === 1 || v === 'true')),
  );
  if (off === undefined && !w.some((x) => /^(?:disable|pause|mute|silence|deactivate)$/.test(x)))
    return undefined;
  return `${tool} switches every one off${off === undefined ? '' : ` (${off[0].join('.')} ${String(off[1])})`}`;
}

/** Keys of how many approvals or reviews a merge needs. */
const APPROVALS =
  /(?:approvals?|approvers?|approving|reviews?|reviewers?)_(?:before_merge|required|count)$|^(?:required|minimum|min)_(?:approvals?|approvers?|reviews?|reviewers?|approving_review_count|approver_count)$|^minimum_approver_count$|^approvals_required$/;
/** A rule's kind or type that says it counts approvals (`kind: require_approvals_to_merge`). */
const APPROVAL_KIND = /approv|reviewer/i;

/** Keys of a check a merge must still pass (status checks, a green pipeline, a build). */
const CHECK_KEY =
  /(?:status_checks?|pipeline_succeeds|contexts|checks|build_validation|require_passing_builds?|required_builds?)$/;
const kept = (v: unknown): boolean =>
  v === true || v === 'true' || (typeof v === 'string' && v.trim() !== '');

/**
 * The approvals a merge needs set to 0 on an existing project, branch or rule, with no required
 * check left beside it (a rule that still asks for a passing check keeps a gate: controls-off.ts).
 */
function approvalsZero(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (all.some(([p, v]) => p.some((k) => CHECK_KEY.test(k)) && kept(v))) return undefined;
  for (const [p, v] of all) {
    if (v !== 0 && v !== '0') continue;
    const k = last(p);
    if (APPROVALS.test(k)) return `${k} 0`;
    if (
      /^(?:value|count|number)$/.test(k) &&
      all.some(
        ([q, x]) =>
          /^(?:kind|type|name|setting)$/.test(last(q)) && typeof x === 'string' && APPROVAL_KIND.test(x),
      )
    )
      return `${w.join('_')} approvals ${String(v)}`;
  }
  return undefined;
}

/** A word each of FACTOR's and APPROVAL_KIND's matches holds, in any case: the gate's first test, once per call. */
const SETTING_HINT = /mfa|2fa|2sv|two|multi|second|approv|reviewer/;

/** When orgControlsOffLines can answer (signals.ts). */
export const ORG_CONTROLS_OFF_GATE: Gate = {
  name: union(
    RULES,
    ORG_SCOPE,
    wordSet('diagnostic diagnostics log logs logging sink sinks forwarder forwarders'),
  ),
  keys: wordSet(
    'mfa 2fa 2sv twofactor twostep two multi multifactor second approvals approval approvers approver approving review reviews reviewers reviewer',
  ),
  // A setting named by a value (`{setting: "2sv_enforcement", value: off}`, `kind: require_approvals_to_merge`), a diagnostics tool.
  when: (s) =>
    /diagnostic/.test(s.tool) ||
    (SETTING_HINT.test(lowerText(s)) &&
      s.strings.some((x) => x.length < 80 && (FACTOR.test(snakeKey(x)) || APPROVAL_KIND.test(x)))),
};

export function orgControlsOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ_OR_ON.test(x))) return [];
  const all = leaves(args, 6, 256);
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  if (scratchOnly([...names, w.join('_')])) return [];
  const factor = factorOff(w, all);
  if (factor !== undefined)
    return [line('weaken', 'sign-in', `${w.join('_')}: second factor no longer required (${factor})`)];
  const record = recordStopped(w, all, args) ?? rulesOff(w, all, args);
  if (record !== undefined) return [line('silence', 'monitoring', record)];
  const approvals = approvalsZero(w, all);
  return approvals === undefined
    ? []
    : [line('disarm', 'review', `${w.join('_')}: merges need no approval (${approvals})`)];
}
