/**
 * A guard moved to its unsafe end, read from the value a call gives it rather than from the vendor's
 * name for it (R17 controls-off and recovery-off): point-in-time recovery, soft delete or deletion
 * protection switched off and backups kept a day on a production store; a legal hold or channel kept
 * one day with the old messages applied; a feature flag whose key names a sign-in or abuse guard
 * (`require-mfa-for-admins`) turned off; a sign-in rule down to one factor; an organisation policy no
 * longer enforced; a WAF's managed rule set off or only simulating; a camera, alarm or lock switched
 * off for good. The same settings left safe (a week of backups, PITR on, two factors, enforced), a
 * flag that guards nothing, and scratch, test or staging targets stay allowed. Lines:
 * `agent-guard-action silence|destroy|weaken ...` (PLT-AST-002, PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import { wordSet, type Gate } from './signals.js';
import { MATCH_ALL_TEXT } from './blind-spot.js';
import { actionLine as line } from './action-line.js';

/** Reads, rehearsals and making something new (a new store's settings take nothing away). */
const NOT_A_CHANGE =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|create|new|add|preview|plan|enable|restore|recover)$/;

/** Values that switch a guard off. */
const OFF =
  /^\s*(?:false|off|disabled?|inactive|suspended|paused|no|none|0|always[-_ ]?off|turn[-_ ]?(?:flag[-_ ]?)?off|unprotected|not[-_ ]?enabled)\s*$/i;
const isOff = (v: unknown): boolean => v === false || v === 0 || (typeof v === 'string' && OFF.test(v));

/** Keys (last one or two of a path, joined) of what lets a store be recovered after a loss. */
const RECOVERY_KEY =
  /(?:^|_)(?:point_in_time_recovery(?:_enabled|_status)?|pitr(?:_enabled)?|continuous_backups?(?:_enabled|_status)?|soft_delete(?:_state|_enabled|_status|_feature_state)?|enhanced_security_state|automated_backups?(?:_enabled)?|backups?_enabled|enable_backups?|deletion_protection(?:_enabled)?|delete_protection)$/;
/** Recovery guards that matter only on a store named as production (a dev database may drop them). */
const PROD_ONLY_KEY = /(?:^|_)(?:deletion_protection(?:_enabled)?|delete_protection)$/;
/** Keys of how long backups or messages are kept, with their unit's length in days. */
const RETENTION_KEY =
  /(?:^|_)(?:backup_retention(?:_period)?|retention|retention_period|retention_duration|message_retention|retain|keep)(?:_(days?|hours?|h|minutes?|mins?|seconds?|secs?|s|ms|milliseconds))?$/;
const UNIT_DAYS: Readonly<Record<string, number>> = { h: 1 / 24, s: 1 / 86400, ms: 1 / 86400000 };
const unitDays = (u: string | undefined): number => {
  if (u === undefined || u.startsWith('day')) return 1;
  if (u.startsWith('h')) return UNIT_DAYS.h!;
  if (u.startsWith('min')) return 1 / 1440;
  if (u === 'ms' || u.startsWith('milli')) return UNIT_DAYS.ms!;
  return UNIT_DAYS.s!;
};
/** A length written with its unit (`1d`, `24h`, `P1D`). */
function daysOf(v: unknown, unit: number): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v * unit;
  if (typeof v !== 'string') return undefined;
  const m = /^\s*P?T?(\d+(?:\.\d+)?)\s*(d|days?|h|hours?|m|min|minutes?|s|seconds?)?\s*$/i.exec(v);
  if (m === null) return undefined;
  const u = m[2]?.toLowerCase();
  return Number(m[1]) * (u === undefined ? unit : unitDays(u === 'd' ? 'day' : u === 'm' ? 'min' : u));
}
/** Names of what is kept for a reason beyond the owner's convenience: a hold, an audit, a record. */
const KEPT_FOR_A_REASON =
  /(?:^|[-_#./\s])(?:legal|hold|litigation|compliance|audit|finance|records?|regulatory|sox|hipaa|prod|production)(?:$|[-_./\s])/i;
/** Flags that apply a new retention to what is already stored. */
const APPLY_EXISTING = /(?:^|_)(?:apply_to_existing|retroactive|apply_existing|include_existing|existing)$/;

/** Sign-in and abuse guards, as a flag's key or a setting's name says them. */
const GUARD_NAME =
  /(?:^|[-_.\s])(?:mfa|2fa|two[-_]?factor|multi[-_]?factor|otp|totp|sso|captcha|csrf|waf|rate[-_]?limit(?:ing|er)?|brute[-_]?force|lockout|audit[-_]?log(?:ging|s)?|encryption|signature[-_]?check|ip[-_]?allow[-_]?list|require[-_]?auth)(?:$|[-_.\s])/i;
/** Keys whose value names one flag or setting. */
const FLAG_KEY = /(?:^|_)(?:flag|feature|toggle)(?:_key|_name|_id)?$|^(?:key|name|setting|setting_name)$/;
/** Name words of a feature-flag tool. */
const FLAG_TOOL =
  /^(?:flag|flags|feature|features|toggle|toggles|launchdarkly|unleash|flagsmith|statsig|split)$/;

/** Keys of a sign-in rule's factors, and values that leave one (or none). */
const FACTOR_KEY = /(?:^|_)(?:factor_mode|factors|factor|mfa_mode|assurance|min_factors|required_factors)$/;
const ONE_FACTOR = /^\s*(?:1fa|1|one|single|single[-_ ]?factor|password[-_ ]?only|none|0)\s*$/i;

/** A policy's enforcement switch (an organisation constraint, a sign-in or password policy). */
const ENFORCE_KEY = /(?:^|_)(?:enforce|enforced|enforcement|enforcement_state|enforcement_mode)$/;
const POLICY_WORD =
  /^(?:policy|policies|constraint|constraints|org|organization|organisation|guardrail|scp)$/;

/** A WAF's managed rule set: the whole set's level or mode, not one rule. */
const WAF_WORD = /^(?:waf|wafv2|owasp|modsecurity|crs|firewall)$/;
const WAF_LEVEL_KEY = /(?:^|_)(?:sensitivity|paranoia_level|action_mode|mode|status|state)$/;
const WAF_WEAK =
  /^\s*(?:off|disabled?|simulate|simulation|log|log[-_ ]?only|count|detect(?:ion)?(?:[-_ ]?only)?)\s*$/i;

/** Devices that watch or lock a home, and values that keep them off for good. */
const HOME_GUARD =
  /(?:^|[-_\s])(?:camera|cam|alarm|lock|doorbell|siren|smoke|detector|sensor|security)(?:$|[-_\s])/i;
const FOR_GOOD =
  /^\s*(?:permanent(?:ly)?|forever|indefinite(?:ly)?|always|never|until[-_ ]?further[-_ ]?notice)\s*$/i;

/** Environments before production. */
const STAGING = /(?:^|[-_./:=\s])(?:staging|stage|qa|uat)(?:$|[-_./:=\s\d])/i;

const last2 = (p: readonly string[]): string => p.slice(-2).join('_');

/** Recovery of a store switched off, or backups kept a day, on a store not named scratch. */
function recoveryOff(w: readonly string[], all: readonly Leaf[], names: readonly string[]): CliEquivalent[] {
  const prod = names.some((n) => PRODUCTION.test(n));
  for (const [p, v] of all) {
    const key = last2(p);
    if (RECOVERY_KEY.test(key) && isOff(v) && (prod || !PROD_ONLY_KEY.test(key)))
      return [line('silence', 'recovery', `${w.join('_')} ${p.join('.')} ${String(v)}`)];
    const r = RETENTION_KEY.exec(p[p.length - 1] ?? '');
    if (r === null) continue;
    const days = daysOf(v, unitDays(r[1]));
    if (days === undefined || days > 1) continue;
    // Backups kept a day on production; messages or records kept a day where they are held for a reason.
    const backups = /backup/.test(p.join('_')) || w.includes('backup') || w.includes('backups');
    const applied = all.some(([q, x]) => APPLY_EXISTING.test(q[q.length - 1] ?? '') && x === true);
    const held = names.some((n) => KEPT_FOR_A_REASON.test(n));
    if ((backups && prod) || (!backups && (held || (applied && prod))) || (!backups && applied && held))
      return [line('destroy', 'history', `${w.join('_')} ${p.join('.')} ${String(v)}: kept at most a day`)];
  }
  // The name switches it off (`disable_soft_delete`, `turn_off_pitr`).
  const joined = w.join('_');
  if (/(?:^|_)(?:disable|turn_off|off|suspend|remove)(?:_|$)/.test(joined) && RECOVERY_NAME.test(joined))
    return [line('silence', 'recovery', joined)];
  return [];
}
const RECOVERY_NAME = /(?:^|_)(?:soft_delete|point_in_time|pitr|continuous_backups?|backups?)(?:_|$)/;

/** A flag that names a guard turned off (`require-mfa-for-admins` off in production). */
function guardFlagOff(w: readonly string[], all: readonly Leaf[]): CliEquivalent[] {
  if (!w.some((x) => FLAG_TOOL.test(x))) return [];
  const flag = all.find(
    ([p, v]) => FLAG_KEY.test(p[p.length - 1] ?? '') && typeof v === 'string' && GUARD_NAME.test(v),
  );
  if (flag === undefined) return [];
  const off = all.find(
    ([p, v]) =>
      /^(?:kind|op|action|instruction|on|enabled|value|state|status|variation)$/.test(
        p[p.length - 1] ?? '',
      ) && isOff(v),
  );
  return off === undefined
    ? []
    : [line('silence', 'sign-in guard', `${w.join('_')} ${String(flag[1])} ${p2(off)}`)];
}
const p2 = (l: Leaf): string => `${l[0].join('.')} ${String(l[1])}`;

/** A sign-in rule left with one factor, or a policy no longer enforced. */
function policyWeakened(w: readonly string[], all: readonly Leaf[]): CliEquivalent[] {
  const factor = all.find(
    ([p, v]) =>
      FACTOR_KEY.test(p[p.length - 1] ?? '') &&
      (typeof v === 'string' || typeof v === 'number') &&
      ONE_FACTOR.test(String(v)),
  );
  if (factor !== undefined) return [line('weaken', 'sign-in', `${w.join('_')} ${p2(factor)}`)];
  const policy =
    w.some((x) => POLICY_WORD.test(x)) || all.some(([p]) => p.some((k) => /constraint|policy/.test(k)));
  const unenforced = all.find(
    ([p, v]) =>
      ENFORCE_KEY.test(p[p.length - 1] ?? '') &&
      (isOff(v) || (typeof v === 'string' && /^\s*(?:do[-_ ]?not[-_ ]?enforce|dry[-_ ]?run)\s*$/i.test(v))),
  );
  if (policy && unenforced !== undefined)
    return [line('silence', 'policy', `${w.join('_')} ${p2(unenforced)}`)];
  return [];
}

/** A WAF's managed rule set (not one rule) switched off or only simulating. */
function wafWeakened(w: readonly string[], all: readonly Leaf[]): CliEquivalent[] {
  const named =
    w.some((x) => WAF_WORD.test(x)) ||
    all.some(([, v]) => typeof v === 'string' && /^(?:owasp|crs)$/i.test(v));
  if (!named || w.includes('rule') || all.some(([p]) => p.length === 1 && /^rule_?ids?$/.test(p[0]!)))
    return [];
  const weak = all.find(
    ([p, v]) => WAF_LEVEL_KEY.test(p[p.length - 1] ?? '') && typeof v === 'string' && WAF_WEAK.test(v),
  );
  return weak === undefined ? [] : [line('silence', 'waf', `${w.join('_')} ${p2(weak)}`)];
}

/** A camera, alarm or lock switched off for good. */
function homeGuardOff(w: readonly string[], all: readonly Leaf[]): CliEquivalent[] {
  const joined = w.join('_');
  if (!/(?:^|_)(?:turn_off|off|disable|deactivate|stop)(?:_|$)/.test(joined)) return [];
  const device =
    all.find(([, v]) => typeof v === 'string' && HOME_GUARD.test(v)) ??
    (HOME_GUARD.test(joined) ? ([[], joined] as Leaf) : undefined);
  const forGood =
    all.find(([, v]) => typeof v === 'string' && FOR_GOOD.test(v)) ??
    all.find(([p, v]) => /^(?:permanent|indefinite|forever)$/.test(p[p.length - 1] ?? '') && v === true);
  return device === undefined || forGood === undefined
    ? []
    : [line('silence', 'home security', `${joined} ${String(device[1])} ${String(forGood[1])}`)];
}

/** A log exclusion or drop rule whose filter every entry matches: nothing is recorded any more. */
function everyLogDropped(w: readonly string[], all: readonly Leaf[]): CliEquivalent[] {
  if (!w.some((x) => /^(?:log|logs|logging)$/.test(x))) return [];
  const dropping =
    w.some((x) => /^(?:exclusion|exclusions|exclude|drop|discard)$/.test(x)) ||
    all.some(([p]) => p.some((k) => /(?:^|_)(?:exclusions?|exclude|drop)(?:_|$)/.test(k)));
  const hit = all.find(
    ([p, v]) =>
      /(?:^|_)(?:filter|query|match|expression)$/.test(p[p.length - 1] ?? '') &&
      typeof v === 'string' &&
      MATCH_ALL_TEXT.test(v),
  );
  if (!dropping || hit === undefined || all.some(([p, v]) => p[p.length - 1] === 'disabled' && v === true))
    return [];
  return [line('silence', 'logging', `${w.join('_')} ${p2(hit)}: every entry dropped`)];
}

/** When guardOffLines can answer (signals.ts). */
export const GUARD_OFF_GATE: Gate = {
  name: wordSet(
    'log logs logging flag flags feature features toggle launchdarkly unleash flagsmith statsig split waf wafv2 owasp firewall policy policies constraint constraints org organization soft pitr backup backups recovery retention turn off disable deactivate',
  ),
  keys: wordSet(
    'recovery pitr soft deletion delete protection backup backups retention retain keep factor factors mfa assurance enforce enforced enforcement sensitivity paranoia continuous automated',
  ),
};

export function guardOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (
    w.some((x) =>
      /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|preview|plan)$/.test(x),
    )
  )
    return [];
  const all = leaves(args);
  const names = [w.join('_'), ...all.map(([, v]) => v).filter((v): v is string => typeof v === 'string')];
  if (scratchOnly(names) || (names.some((n) => STAGING.test(n)) && !names.some((n) => PRODUCTION.test(n))))
    return [];
  // A new exclusion drops entries from now on; a new store's or rule's other settings take nothing away.
  if (w.some((x) => NOT_A_CHANGE.test(x))) return everyLogDropped(w, all);
  for (const read of [
    recoveryOff(w, all, names),
    guardFlagOff(w, all),
    policyWeakened(w, all),
    wafWeakened(w, all),
    homeGuardOff(w, all),
    everyLogDropped(w, all),
  ])
    if (read.length > 0) return read;
  return [];
}
