/**
 * A security control switched off through a tool (red team r11 access-widen, r13 security-off): a
 * control that detects, blocks, records or scans stops doing so. Read from what the arguments do,
 * not from one vendor's spelling: the name's verb disables it (`supabase_disable_rls`), a switch
 * anywhere under a control's key turns off (`security_and_analysis.secret_scanning.status:
 * disabled`, `prevention_settings.cloud_anti_malware: DISABLED`, `cloud_siem.enabled: false`), a
 * named setting of a control is set to off (`setting: security_level, value: essentially_off`), its
 * tier is downgraded to the free one (Defender `tier: Free`), or a blocking control is put in a
 * detect-only mode. Becomes `agent-guard-action silence <control>` for PLT-AST-002: whatever happens
 * next goes unrecorded or unchecked. Scratch and test targets, reads, and creating or enabling give
 * nothing; so does one rule turned off with the reason written beside it (a false positive's ticket).
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';
import { publicContent } from '../../knowledge/public-content.js';
import { blindSpotLines, FINDINGS } from './blind-spot.js';
import {
  CONTROL,
  CONTROL_PAIR,
  leaves,
  NEGATED_KEY,
  namesControl,
  PATH_CONTROL,
  SETTING,
  type Leaf,
} from './control-words.js';
import { union, wordSet, type Gate } from './signals.js';

/** Verbs that switch a control off. */
const OFF_VERB = /^(?:disable|deactivate|stop|suspend|pause|turn|off|unsubscribe|detach|bypass)$/;
/** Verbs of reads and of creating or enabling. */
const READ_OR_ON = /^(?:get|list|describe|read|show|search|query|create|enable|start|add|new|check)$/;
/** Keys that say whether the control runs. */
const SWITCH =
  /^(?:enable|enabled|is_enabled|is_logging|logging|logging_enabled|status|state|enabled_state|active|is_active|recording|monitoring|enforced|enforce|enforcement|row_level_security|rls_enabled|rls|value|setting_value|mode)$/;
/** Keys whose true value means off. */
const OFF_SWITCH = /^(?:disabled|is_disabled|paused|is_paused|suspended|muted|bypass|skip)$/;
const OFF_VALUE = (v: unknown): boolean =>
  v === false ||
  v === 0 ||
  (typeof v === 'string' &&
    /^\s*(?:false|off|disabled?|inactive|stopped|paused|no|0|none|not[-_ ]?configured|essentially[-_ ]?off|unprotected)\s*$/i.test(
      v,
    ));
/** A blocking control's mode that only watches (`mode: Detection`, `mitigation_mode: detect`). */
const DETECT_ONLY =
  /^(?:detect(?:ion)?(?:[-_ ]?only)?|audit[-_ ]?only|dry[-_ ]?run|warn(?:ing)?(?:[-_ ]?only)?|log[-_ ]?only|monitor[-_ ]?only|report[-_ ]?only|passive|permissive|alert[-_ ]?only)$/i;
const MODE_KEY = /(?:^|_)(?:mode|enforcement|mitigation|action)$/;
/** Plan keys, and the tiers that drop a paid security product's protection. */
const TIER_KEY = /^(?:tier|pricing_tier|plan|sku|edition|pricing)$/;
const FREE_TIER = /^(?:free|none|off|disabled?)$/i;
/** Keys above a security product's per-service plans (Defender `pricings: {VirtualMachines: Free}`). */
const PLANS_KEY = /^(?:tiers|pricings|plans|pricing_tiers|skus)$/;
/** Name words of a change to what a product costs and covers. */
const PLAN_WORD = /^(?:pricing|pricings|plan|plans|tier|tiers|sku|skus|center)$/;
/** Setting names of a control: these and CONTROL's words (`security_level`, `bot_fight_mode`). */
const SETTING_CONTROL = /(?:^|_)(?:security|bot|ddos|browser_check|challenge)(?:_|$)/;
/** A site's or zone's edge protection settings, as keys. */
const EDGE_SETTING =
  /^(?:security_level|bot_fight_mode|bot_management|ddos_protection|browser_check|challenge_passage_protection|waf|waf_enabled|web_application_firewall|under_attack_mode)$/;
/** Name words of a call that changes settings. */
const CHANGE = /^(?:settings?|config|configure|configuration|update|set|patch|edit|modify|change|apply|put)$/;
/** Settings that keep traffic encrypted. */
const TRANSPORT =
  /^(?:ssl|tls|https|always_use_https|automatic_https_rewrites|hsts|force_https|force_ssl|require_ssl|require_https)$/;
/** The name's object is one rule, signature or check; a reason field beside it says why. */
const ONE_RULE = /^(?:rule|signature|check|exception|exclusion|override|finding)$/;
const REASON_KEY = /^(?:reason|note|notes|comment|justification|ticket|description|why)$/;

const silence = (control: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'silence', quote(control), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** Keys naming the policy or rule a call changes, and names that say it requires a second factor. */
const POLICY_NAME_KEY = /^(?:policy|policy_name|name|display_name|rule|rule_name|title)$/;
const SECOND_FACTOR =
  /\b(?:mfa|2fa|two[- ]factor|multi[- ]?factor|second factor|conditional access|phishing[- ]resistant)\b/i;
/** The policy changed is the one that demands a second factor (`{policy: "Require MFA for admins"}`, R19). */
const secondFactorPolicy = (all: readonly Leaf[]): boolean =>
  all.some(
    ([p, v]) =>
      p.length === 1 && POLICY_NAME_KEY.test(p[0]!) && typeof v === 'string' && SECOND_FACTOR.test(v),
  );

/** The leaf that turns a control off, as `key value`, or undefined. */
function offLeaf(w: readonly string[], all: readonly Leaf[], names: readonly string[]): string | undefined {
  const named = namesControl(w) || secondFactorPolicy(all);
  const publicSite = publicContent(names);
  // A settings change, not a client's connection options (`query {host: localhost, ssl: false}`).
  const changes = w.some((x) => CHANGE.test(x));
  // A connection's options (`update_database_connection {host: localhost, ssl: false}`).
  const client =
    w.some((x) => /^(?:connection|connections|connect|client|dsn|datasource)$/.test(x)) ||
    all.some(([p]) => p.length === 1 && /^(?:host|hostname|port|dsn|connection_string|url)$/.test(p[0]!));
  for (const [path, v] of all) {
    const key = path[path.length - 1];
    if (key === undefined) continue;
    const at = path.indexOf(SETTING);
    if (at >= 0) {
      // A named setting (`security_level`, `access_logs.s3.enabled`, `ssl`) given an off value.
      const setting = path.slice(at + 1);
      const control =
        namesControl(setting, true) ||
        SETTING_CONTROL.test(setting.join('_')) ||
        TRANSPORT.test(setting.join('_'));
      if (control && OFF_VALUE(v)) return `${setting.join('.')} ${String(v)}`;
      continue;
    }
    // A zone's or site's own security setting as a key (`settings: {ssl: off, security_level:
    // essentially_off}`, R16): the same as the named setting above; a number here is a level, not off.
    if (
      changes &&
      typeof v !== 'number' &&
      (TRANSPORT.test(key) || EDGE_SETTING.test(key)) &&
      !client &&
      OFF_VALUE(v)
    )
      return `${path.join('.')} ${String(v)}`;
    // A security product's plans dropped to the free tier (`azure_security_pricings_update
    // {pricings: {VirtualMachines: Free}}`, R21): the paid detection stops whatever the plan is called.
    if (
      (named || (w.includes('security') && w.some((x) => PLAN_WORD.test(x)))) &&
      path.slice(0, -1).some((k) => PLANS_KEY.test(k) || TIER_KEY.test(k)) &&
      typeof v === 'string' &&
      FREE_TIER.test(v.trim())
    )
      return `${path.join('.')} ${v}`;
    // The control is named by the tool or by the key path above (or in) the switch.
    if (!named && !namesControl(path, true)) continue;
    // A docs or marketing site's password or SSO page removed: it is meant to be read by anyone.
    if (publicSite && /(?:^|_)protection$/.test(key)) continue;
    const keyIsControl = namesControl([key], true);
    // A key that says off itself (`disable_clickjack_protection_headers: false`) is on when false.
    const offKey = OFF_SWITCH.test(key) || NEGATED_KEY.test(key);
    if ((SWITCH.test(key) || keyIsControl) && !offKey && OFF_VALUE(v))
      return `${path.join('.')} ${String(v)}`;
    // `password_protection: null`: the protection removed.
    if (v === null && keyIsControl) return `${path.join('.')} removed`;
    if ((OFF_SWITCH.test(key) || key.startsWith('disable_')) && (v === true || v === 'true'))
      return `${path.join('.')} true`;
    if (TIER_KEY.test(key) && typeof v === 'string' && FREE_TIER.test(v.trim())) return `${key} ${v}`;
    if (named && MODE_KEY.test(key) && typeof v === 'string' && DETECT_ONLY.test(v.trim()))
      return `${key} ${v}`;
    // A policy engine's failure action set to only record (Kyverno `validationFailureAction: Audit`).
    if (
      /^(?:validation_failure_action|enforcement_action|enforcement_mode)$/.test(key) &&
      typeof v === 'string' &&
      /^\s*(?:audit|warn|dryrun|dry[-_ ]run|disabled?|none)\s*$/i.test(v)
    )
      return `${key} ${v}`;
  }
  return undefined;
}

/** Where an audit trail is delivered: a stream, sink, trail or archive. */
const DELIVERY = /^(?:stream|streams|streaming|sink|sinks|trail|trails|archive|archives|forwarding)$/;

/** An audit log's delivery deleted (`github_enterprise_delete_audit_log_stream`, R20): its record stops. */
function auditDeliveryDeleted(w: readonly string[], names: readonly string[]): boolean {
  return (
    w.some((x) => /^(?:delete|remove|destroy)$/.test(x)) &&
    w.some((x) => DELIVERY.test(x)) &&
    [w.join('_'), ...names].some((n) => /audit/i.test(n))
  );
}

/** Reads, which neither switch a control off nor blind it. */
const READ = /^(?:get|list|describe|read|show|search|query|view|fetch)$/;

function switchedOff(w: readonly string[], all: readonly Leaf[], names: readonly string[]): CliEquivalent[] {
  if (w.some((x) => READ_OR_ON.test(x))) return [];
  // One rule or check turned off with its reason beside it: tuning, not the control switched off.
  const oneRule = w.some((x) => ONE_RULE.test(x));
  if (
    oneRule &&
    all.some(([p, v]) => p.length === 1 && REASON_KEY.test(p[0]!) && typeof v === 'string' && v.trim() !== '')
  )
    return [];
  const byName = namesControl(w) && (w.some((x) => OFF_VERB.test(x)) || auditDeliveryDeleted(w, names));
  const off = byName ? w.join('_') : offLeaf(w, all, names);
  if (off === undefined) return [];
  const control = w.find((x) => CONTROL.test(x)) ?? 'control';
  return [silence(control, `${w.join('_')} ${off}`)];
}

/**
 * When securityOffLines can answer (signals.ts): a control, findings or an ACL named by the tool, or
 * keys that name a control (one word, or the first of CONTROL_PAIR's two), a retention, or a
 * `{Key, Value}` setting pair (its value key).
 */
export const SECURITY_OFF_GATE: Gate = {
  name: union(CONTROL, FINDINGS, ['acl', 'policy', 'security']),
  keys: union(
    PATH_CONTROL,
    wordSet(
      'access flow audit data scan vulnerability push retention days value state ssl tls https hsts security bot ddos',
    ),
  ),
  when: (s) => CONTROL_PAIR.test(s.tool),
};

/** A control switched off, or else left on but blind (blind-spot.ts); the arguments are walked once. */
export function securityOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (w.some((x) => READ.test(x))) return [];
  const all = leaves(args);
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  if (scratchOnly([...names, w.join('_')])) return [];
  const off = switchedOff(w, all, names);
  return off.length > 0 ? off : blindSpotLines(w, args, all, names);
}
