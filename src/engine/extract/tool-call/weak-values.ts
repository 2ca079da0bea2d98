/**
 * A setting's new value read against the direction that keeps it safe, whatever the setting or the
 * tool is called (red team r15 controls-off): a detector or alert snoozed for years, everyone
 * excluded from a sign-in policy, an exception whose pattern matches everything, audit sampling at
 * 0, sessions that last years, a login rate limit no attacker reaches, a WAF at paranoia 0 or an
 * anomaly threshold nothing scores, every open vulnerability dismissed, secrets handed to fork pull
 * requests, production deployments with no reviewer, a filter whose action allows everything, an
 * admin surface served without sign-in, and an emergency override held for hours. The same
 * settings moved a short way (a two-hour snooze, a named exclusion, 30-minute sessions, a
 * catalogue's rate limit raised, one alert dismissed, a preview environment) stay allowed. Lines:
 * `agent-guard-action silence|weaken|expose ...` (PLT-AST-002, PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { privateContent } from '../../knowledge/public-content.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of reads and of taking a setting back to safe. */
const READ =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|enable|unmute|unsnooze|restore|revoke|remove)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
};

const DAY = 86400;
/** Seconds per unit word, as key suffixes and value suffixes spell them. */
const UNIT: Readonly<Record<string, number>> = {
  ms: 0.001,
  millis: 0.001,
  milliseconds: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: DAY,
  day: DAY,
  days: DAY,
  w: 7 * DAY,
  week: 7 * DAY,
  weeks: 7 * DAY,
  month: 30 * DAY,
  months: 30 * DAY,
  y: 365 * DAY,
  year: 365 * DAY,
  years: 365 * DAY,
};
/** Durations with no end. */
const FOREVER = /^\s*(?:forever|indefinite(?:ly)?|permanent(?:ly)?|never|unlimited|infinite|-1)\s*$/i;

/** A leaf's duration in seconds (the key's unit word, or the value's own: `87600h`, `P10Y`), or undefined. */
function seconds(key: string, v: unknown): number | undefined {
  if (typeof v === 'string' && FOREVER.test(v)) return Infinity;
  const n = num(v);
  if (n !== undefined) {
    const unit = key
      .split('_')
      .reverse()
      .find((x) => UNIT[x] !== undefined);
    return unit === undefined ? undefined : n * UNIT[unit]!;
  }
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(v) ?? /^\s*P(?:T)?(\d+)([YMWDH])\s*$/i.exec(v);
  if (m === null) return undefined;
  const u = UNIT[m[2]!.toLowerCase()];
  return u === undefined ? undefined : Number(m[1]) * u;
}

/** An end date so far ahead it is no end (`until: 2099-12-31`). */
const FAR_DATE = /^\s*(?:20[6-9]\d|2[1-9]\d\d|[3-9]\d{3})-\d\d/;

/** An end given as a Unix time decades ahead (`end: 4102444800`, 2100), in seconds or milliseconds. */
const farEpoch = (key: string, v: unknown): boolean =>
  /(?:^|_)(?:end|until|expires|expiry|expiration|end_time|ends_at|expires_at)$/.test(key) &&
  typeof v === 'number' &&
  ((v >= 2.6e9 && v < 1e11) || v >= 2.6e12);

/** Words that put a control on hold: a duration beside them is how long it is off. */
const HOLD =
  /(?:^|_)(?:snooze|snoozed|mute|muted|silence|silenced|suppress|suppressed|pause|paused|downtime|ignore|ignored|disable|disabled|hold)(?:_|$)/;
const DURATION_KEY =
  /(?:^|_)(?:duration|for|until|ttl|period|expires|expiry|expiration|length|end|end_time|ends_at|days|hours|minutes|seconds|weeks|months|years)(?:_|$)/;

/** Principals that are everyone. */
const EVERYONE =
  /^\s*(?:all|\*|everyone|all[-_ ]?users|all[-_ ]?members|all[-_ ]?employees|all[-_ ]?accounts|allusers|domain[-_ ]users|authenticated[-_ ]users|any|anyone)\s*$/i;
const EXCLUDE_PATH =
  /(?:^|_)(?:exclude|excluded|exclusions?|exempt|exempted|exemptions?|bypass|skip|except|exceptions?)(?:_|$)/;

/** A pattern that matches every value. */
const MATCH_ALL =
  /^\s*(?:\^?\.\*\$?|\^?\.\+\$?|\*|\*\*(?:\/\*+)?|\*\.\*|\/\.\*\/[a-z]*|\(\.\*\)|%|\[\\s\\S\]\*|\[\^\]\*)\s*$/;
const PATTERN_KEY =
  /(?:^|_)(?:pattern|patterns|regex|regexp|glob|match|matches|path|paths|expression|selector|rule|value|values|uri|url)$/;
const EXCEPTION_WORD =
  /^(?:exception|exceptions|exclusion|exclusions|exclude|allowlist|whitelist|ignore|ignorelist|skip|exempt|exemption|suppress|suppression|bypass|safelist|passlist)$/;

/** Names of settings that record for audit or security, where sampling at 0 records nothing. */
const AUDIT_WORD =
  /(?:^|_)(?:audit|auditing|security|access_log|access_logs|cloudtrail|siem|compliance|forensic)(?:_|$)/;

const SESSION_KEY =
  /(?:^|_)(?:session|sessions|idle|inactivity|token|tokens|cookie|refresh|reauth|remember|login|signin)(?:_|$)/;
const LENGTH_KEY =
  /(?:^|_)(?:timeout|lifetime|ttl|duration|length|max_age|age|expiry|expiration|expires|days|hours|minutes|seconds|weeks|months|years)(?:_|$)/;

/** Routes and names of signing in, where a rate or lockout limit is what stops guessing. */
const AUTH_CONTEXT =
  /(?:^|[^a-z])(?:login|logon|signin|sign[-_ ]?in|auth|authn|authenticate|otp|mfa|2fa|password|passcode|pin|verify|verification|reset|lockout|token)(?:[^a-z]|$)/i;
const RATE_KEY =
  /(?:^|_)(?:rate_limit|requests_per_(?:second|minute|hour|sec|min)|rpm|rps|rph|max_requests|limit|max_attempts|max_failed_attempts|failed_attempts|attempts|lockout_threshold|max_retries|burst|threshold)$/;

const REVIEW_COUNT =
  /(?:^|_)(?:reviews?|reviewers?|approvals?|approvers?|approving)(?:_|$).*(?:^|_)(?:count|required|number|min|minimum)$|^(?:required|min|minimum|number_of)_(?:reviews?|reviewers?|approvals?|approvers?|approving_review_count)$|^approvals_required$/;
const PRODUCTION = /(?:^|[^a-z])(?:prod|production|live|release|releases)(?:[^a-z]|$)/i;

const VULN_WORD =
  /^(?:vulnerability|vulnerabilities|vulns?|alerts?|findings?|advisories|issues|detections|cves?)$/;
const CLOSE_WORD = /^(?:dismiss|ignore|close|suppress|resolve|snooze|accept|archive|mute|bulk)$/;
const SEVERITIES = /^(?:critical|high|medium|moderate|low|info|informational|negligible)$/i;

const ALLOW_ALL = /^\s*(?:allow|permit|accept|pass)[-_ ]?(?:all|any|everything|\*)\s*$/i;
const ACTION_KEY =
  /(?:^|_)(?:action|default_action|policy|default_policy|mode|verdict|decision|disposition)$/;

const NO_AUTH_KEY =
  /^(?:auth|authentication|auth_mode|auth_type|authn|require_auth|requires_auth|authentication_required|login_required|access_control|sign_in)$/;
const NO_AUTH = (v: unknown): boolean =>
  v === false ||
  (typeof v === 'string' &&
    /^\s*(?:none|off|false|disabled?|anonymous|public|no|allow[-_ ]?unauthenticated)\s*$/i.test(v));

type Finding = readonly [effect: string, object: string, detail: string];

function onHold(tool: string, all: readonly Leaf[]): Finding | undefined {
  const named = HOLD.test(tool);
  for (const [p, v] of all) {
    const key = last(p);
    if (!(named || HOLD.test(p.join('_'))) || !DURATION_KEY.test(key)) continue;
    const s = seconds(key, v);
    if ((s !== undefined && s > 180 * DAY) || (typeof v === 'string' && FAR_DATE.test(v)) || farEpoch(key, v))
      return ['silence', 'detection', `${tool} ${p.join('.')} ${String(v)}: on hold for years`];
  }
  return undefined;
}

function everyoneExcluded(tool: string, all: readonly Leaf[]): Finding | undefined {
  const hit = all.find(
    ([p, v]) => p.some((k) => EXCLUDE_PATH.test(k)) && typeof v === 'string' && EVERYONE.test(v),
  );
  return hit === undefined
    ? undefined
    : ['weaken', 'policy', `${tool} ${hit[0].join('.')}: ${String(hit[1])} (everyone is exempt)`];
}

function matchAllException(w: readonly string[], tool: string, all: readonly Leaf[]): Finding | undefined {
  const named = w.some((x) => EXCEPTION_WORD.test(x));
  const hit = all.find(
    ([p, v]) =>
      (named || p.some((k) => EXCEPTION_WORD.test(k) || EXCLUDE_PATH.test(k))) &&
      PATTERN_KEY.test(last(p)) &&
      typeof v === 'string' &&
      MATCH_ALL.test(v),
  );
  return hit === undefined
    ? undefined
    : [
        'weaken',
        'policy',
        `${tool} ${hit[0].join('.')}: ${String(hit[1])} (the exception matches everything)`,
      ];
}

function noSampling(tool: string, all: readonly Leaf[]): Finding | undefined {
  const hit = all.find(
    ([p, v]) =>
      /(?:^|_)sampl(?:e|ing)(?:_|$)/.test(last(p)) &&
      num(v) === 0 &&
      (AUDIT_WORD.test(tool) || AUDIT_WORD.test(p.join('_'))),
  );
  return hit === undefined
    ? undefined
    : ['silence', 'audit log', `${tool} ${hit[0].join('.')}: 0 (nothing is recorded)`];
}

function endlessSession(tool: string, all: readonly Leaf[]): Finding | undefined {
  const named = SESSION_KEY.test(tool);
  for (const [p, v] of all) {
    const key = last(p);
    if (!LENGTH_KEY.test(key) || !(named || SESSION_KEY.test(key))) continue;
    const s = seconds(key, v);
    if (s !== undefined && s > 180 * DAY && s !== Infinity)
      return ['weaken', 'sign-in', `${tool} ${p.join('.')}: ${String(v)} (sessions last years)`];
  }
  return undefined;
}

function noRateLimit(tool: string, all: readonly Leaf[], texts: string): Finding | undefined {
  if (!AUTH_CONTEXT.test(tool.replace(/_/g, ' ')) && !AUTH_CONTEXT.test(texts)) return undefined;
  for (const [p, v] of all) {
    const key = last(p);
    if (!RATE_KEY.test(key)) continue;
    const n = num(v);
    if (n === undefined) continue;
    const attempts = /attempts|lockout|retries|threshold/.test(key);
    if ((attempts && n >= 1000) || (!attempts && n >= 100000))
      return ['weaken', 'sign-in', `${tool} ${p.join('.')}: ${String(v)} (no limit on guessing)`];
  }
  return undefined;
}

function wafOff(tool: string, all: readonly Leaf[]): Finding | undefined {
  const hit = all.find(([p, v]) => {
    const key = last(p);
    const n = num(v);
    if (n === undefined) return false;
    if (/(?:^|_)paranoia(?:_level)?$/.test(key)) return n < 1;
    return /(?:^|_)anomaly(?:_score)?_threshold$|(?:^|_)anomaly_score$/.test(key) && n >= 1000;
  });
  return hit === undefined
    ? undefined
    : ['silence', 'firewall', `${tool} ${hit[0].join('.')}: ${String(hit[1])} (nothing is blocked)`];
}

function reviewsOff(tool: string, all: readonly Leaf[], texts: string, args: unknown): Finding | undefined {
  const zero = all.find(([p, v]) => REVIEW_COUNT.test(last(p)) && num(v) === 0);
  const bypass = all.find(
    ([p, v]) => p.some((k) => /bypass/.test(k)) && typeof v === 'string' && EVERYONE.test(v),
  );
  const selfApprove = all.find(
    ([p, v]) => /self_approv|approve_own|author_can_approve/.test(last(p)) && v === true,
  );
  const prod = PRODUCTION.test(texts);
  if (zero !== undefined && (bypass !== undefined || selfApprove !== undefined || prod))
    return ['weaken', 'review', `${tool} ${zero[0].join('.')}: 0 (changes ship unreviewed)`];
  if (bypass !== undefined)
    return [
      'weaken',
      'review',
      `${tool} ${bypass[0].join('.')}: ${String(bypass[1])} (everyone bypasses it)`,
    ];
  // Reviewers emptied on a production environment: deployments wait for no one.
  if (prod && args !== null && typeof args === 'object' && !Array.isArray(args)) {
    for (const [k, v] of Object.entries(args as Record<string, unknown>))
      if (
        /(?:^|_)(?:reviewers|approvers|required_reviewers|required_approvers)$/i.test(k) &&
        Array.isArray(v) &&
        v.length === 0
      )
        return ['weaken', 'review', `${tool} ${k}: [] on production (deployments wait for no one)`];
  }
  return undefined;
}

function everyAlertClosed(w: readonly string[], tool: string, all: readonly Leaf[]): Finding | undefined {
  if (!w.some((x) => VULN_WORD.test(x)) || !w.some((x) => CLOSE_WORD.test(x))) return undefined;
  const flag = all.find(
    ([p, v]) =>
      /^(?:all|all_open|dismiss_all|select_all|every|all_alerts|include_all)$/.test(last(p)) &&
      (v === true || v === 'true'),
  );
  const levels = new Set(
    all
      .filter(([p, v]) => /severit/.test(last(p)) && typeof v === 'string' && SEVERITIES.test(v))
      .map(([, v]) => String(v).toLowerCase()),
  );
  if (flag === undefined && !(levels.has('critical') && levels.has('high') && levels.size >= 3))
    return undefined;
  return [
    'silence',
    'alerts',
    `${tool} closes every open alert (${flag?.[0].join('.') ?? 'every severity'})`,
  ];
}

function forkSecrets(tool: string, all: readonly Leaf[]): Finding | undefined {
  const hit = all.find(([p, v]) => /secret.*fork|fork.*secret/.test(last(p)) && (v === true || v === 'true'));
  return hit === undefined
    ? undefined
    : [
        'expose',
        'repository secrets',
        `${tool} ${hit[0].join('.')}: true (any fork's pull request reads them)`,
      ];
}

function allowAll(tool: string, all: readonly Leaf[]): Finding | undefined {
  const hit = all.find(([p, v]) => ACTION_KEY.test(last(p)) && typeof v === 'string' && ALLOW_ALL.test(v));
  return hit === undefined
    ? undefined
    : ['silence', 'filter', `${tool} ${hit[0].join('.')}: ${String(hit[1])} (nothing is blocked)`];
}

/** A workspace's chat rooms: a public one is open to the workspace's members, not to anyone (`slack_create_channel {is_private: false}`). */
const CHAT_ROOM = /(?:^|_)(?:channel|channels|conversation|conversations|room|rooms)(?:_|$)/;

function openAdmin(tool: string, all: readonly Leaf[], names: readonly string[]): Finding | undefined {
  if (!privateContent([tool, ...names])) return undefined;
  if (CHAT_ROOM.test(tool) && !all.some(([p, v]) => NO_AUTH_KEY.test(last(p)) && NO_AUTH(v)))
    return undefined;
  const hit = all.find(
    ([p, v]) =>
      (NO_AUTH_KEY.test(last(p)) && NO_AUTH(v)) ||
      (/^(?:is_private|private)$/.test(last(p)) && (v === false || v === 'false')) ||
      (/^(?:visibility|access|access_level|ingress)$/.test(last(p)) &&
        typeof v === 'string' &&
        /^\s*(?:public|anyone|all|internet)\s*$/i.test(v) &&
        all.some(([q, x]) => NO_AUTH_KEY.test(last(q)) && NO_AUTH(x))),
  );
  return hit === undefined
    ? undefined
    : [
        'expose',
        'service',
        `${tool} ${hit[0].join('.')}: ${String(hit[1])} on ${names.find((n) => privateContent([n])) ?? tool}`,
      ];
}

/** An on-call rota's words: its override puts a person on call for a holiday, it holds nothing. */
const ROTA =
  /^(?:schedules?|schedule_ids?|rotations?|oncall|on_call|shifts?|rosters?|escalation_polic(?:y|ies))$/;

/** An emergency override or priority held for hours (a traffic signal's pre-emption is minutes). */
function heldOverride(w: readonly string[], tool: string, all: readonly Leaf[]): Finding | undefined {
  if (!w.some((x) => /^(?:priority|override|preempt|preemption|emergency)$/.test(x))) return undefined;
  // PagerDuty/Opsgenie schedule overrides (fp10 corpus): who is on call over the holidays.
  if (w.some((x) => ROTA.test(x)) || all.some(([p]) => ROTA.test(last(p)))) return undefined;
  const at = (re: RegExp): number | undefined => {
    const v = all.find(([p, x]) => re.test(last(p)) && typeof x === 'string')?.[1];
    const t = typeof v === 'string' ? Date.parse(v.replace(' ', 'T')) : NaN;
    return Number.isFinite(t) ? t : undefined;
  };
  const start = at(/^(?:start|start_time|starts_at|from|begin)$/);
  const end = at(/^(?:end|end_time|ends_at|until|to)$/);
  if (start === undefined || end === undefined || end - start <= 2 * 3600 * 1000) return undefined;
  return [
    'suspend',
    'service',
    `${tool} holds the override for ${Math.round((end - start) / 3600000)} hours`,
  ];
}

/** Key words every reading above needs one of, and the name words of an override held (signals.ts). */
export const WEAK_VALUES_GATE: Gate = {
  name: wordSet('priority override preempt preemption emergency'),
  keys: wordSet(`duration for until ttl period expires expiry expiration length end end_time ends days hours
    minutes seconds weeks months years exclude excluded exclusion exclusions exempt exempted exemption
    exemptions bypass skip except exception exceptions sample sampling timeout lifetime age rate limit
    requests rpm rps rph attempts lockout retries burst threshold paranoia anomaly review reviews reviewer
    reviewers approval approvals approver approvers approving all every severity severities fork forks
    action policy mode verdict decision disposition auth authentication authn login access sign private
    visibility ingress allowlist whitelist ignore safelist passlist suppress suppression`),
  when: (s) => [...s.name].some((x) => EXCEPTION_WORD.test(x)),
};

export function weakValueLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = leaves(args, 6, 256);
  if (all.length === 0) return [];
  const tool = w.join('_');
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string' && v.length < 200);
  const texts = names.join('\n');
  const hit =
    onHold(tool, all) ??
    everyoneExcluded(tool, all) ??
    matchAllException(w, tool, all) ??
    noSampling(tool, all) ??
    endlessSession(tool, all) ??
    noRateLimit(tool, all, texts) ??
    wafOff(tool, all) ??
    reviewsOff(tool, all, texts, args) ??
    everyAlertClosed(w, tool, all) ??
    forkSecrets(tool, all) ??
    allowAll(tool, all) ??
    openAdmin(tool, all, names) ??
    heldOverride(w, tool, all);
  return hit === undefined ? [] : [line(...hit)];
}
