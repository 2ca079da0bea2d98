/**
 * Words and key paths that name a security control (an audit trail, threat detection, EDR, a WAF,
 * secret scanning), and the arguments' leaves with their key paths: shared by security-off.ts (a
 * control switched off) and blind-spot.ts (a control left on but blind).
 */
import { snakeKey } from './snake-entries.js';

/**
 * Words of controls that record, detect, block or scan what happens in an account (audit trails,
 * threat detection, EDR and anti-malware, WAFs and firewalls, secret and code scanning, TLS), as a
 * tool's name says them.
 */
export const CONTROL =
  /^(?:cloudtrail|trail|trails|guardduty|detector|detectors|securityhub|audit|auditing|auditlog|auditlogs|rls|macie|inspector|defender|sentinel|sentinelone|crowdstrike|falcon|edr|xdr|mdr|antivirus|antimalware|malware|recorder|flowlogs|cloudaudit|ssl|tls|https|waf|wafv2|firewall|siem|scanning|scanner|prevention|protection|threat|threats|intrusion|armor|sink|sinks|gatekeeper|kyverno|xprotect|applocker|smartscreen)$/;
/**
 * The same as a key path says them: words that mean a security control in any settings object
 * (`audit: false` is npm's install audit, `ssl: false` a local database connection, `sentinel` a
 * Redis failover: those count only in a tool's name).
 */
export const PATH_CONTROL =
  /^(?:cloudtrail|guardduty|securityhub|macie|defender|sentinelone|crowdstrike|edr|xdr|mdr|antivirus|antimalware|malware|auditlog|auditlogs|flowlogs|waf|wafv2|firewall|siem|scanning|prevention|protection|threat|threats|intrusion|armor)$/;
/** Key paths that name a security log or scan in two words (`access_logs`, `flow_log`, `scan_on_push`). */
export const CONTROL_PAIR =
  /(?:^|_)(?:access_log|access_logs|access_logging|flow_log|flow_logs|audit_log|audit_logs|audit_logging|data_access|scan_on_push|vulnerability_alerts|push_protection|conditional_access)(?:_|$)/;
/** Protections that guard a resource against its owner's mistakes, not against an attacker. */
const NOT_CONTROL =
  /(?:^|_)(?:deletion|delete|termination|destroy|stop|scale_in|overwrite)_protection(?:_|$)/;
export type Leaf = readonly [path: readonly string[], value: unknown];

/**
 * Keys named for a control's absence (`disable_mfa`, `skip_2fa`, `clickjack_protection_disabled`):
 * false leaves the control on, true switches it off.
 */
export const NEGATED_KEY =
  /^(?:disable|disabled|skip|bypass|no|without|exempt)_|_(?:disabled|bypassed|skipped|exempt)$/;

/** Whether `key: v` switches its control off: a key named for the absence is off when true, any other by `off(v)`. */
export const switchedOff = (key: string, v: unknown, off: (v: unknown) => boolean): boolean =>
  NEGATED_KEY.test(key) ? v === true || v === 'true' : off(v);

/** The call's words for phrase tests: its name, then each leaf's key and short value (under 200 chars) read by `plain`, a line each. */
export function callText(w: readonly string[], all: readonly Leaf[], plain: (s: string) => string): string {
  const lines = [w.join(' ')];
  for (const [p, v] of all)
    lines.push(
      `${plain(p.join(' '))} ${typeof v === 'string' ? (v.length < 200 ? plain(v) : '') : String(v)}`,
    );
  return lines.join('\n');
}

/** Keys that name a setting inside a `{Key, Value}` pair (ELB attributes, a zone's `setting`). */
const PAIR_NAME = /^(?:key|name|setting|setting_name|setting_id|id|feature|option|attribute)$/;
const PAIR_VALUE = /^(?:value|setting_value|new_value|state)$/;
/** Marks a leaf read from a `{Key, Value}` pair: the path after it is the setting's own name. */
export const SETTING = '@setting';

/**
 * Every scalar leaf of the arguments with its snake-case key path, bounded. A `{Key: "a.b",
 * Value: v}` pair also gives the leaf `[..., SETTING, a, b] = v`, as if the setting were a key.
 */
export function leaves(args: unknown, maxDepth = 6, maxLeaves = 256): Leaf[] {
  const out: Leaf[] = [];
  // One path stack shared by the walk; a leaf takes a copy.
  const path: string[] = [];
  const walk = (x: unknown): void => {
    if (out.length >= maxLeaves) return;
    if (x === null || typeof x !== 'object') {
      out.push([path.slice(), x]);
      return;
    }
    if (path.length >= maxDepth) return;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length && i < 32; i++) walk(x[i]);
      return;
    }
    let name: string | undefined;
    let value: unknown;
    let valued = false;
    let n = 0;
    for (const k in x as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(x, k)) continue;
      if (++n > 64) break;
      const y = (x as Record<string, unknown>)[k];
      const key = /^[a-z0-9_]+$/.test(k) ? k : snakeKey(k);
      if (PAIR_NAME.test(key) && typeof y === 'string' && y.length < 80) name ??= y;
      else if (PAIR_VALUE.test(key) && (y === null || typeof y !== 'object')) [value, valued] = [y, true];
      path.push(key);
      walk(y);
      path.pop();
    }
    if (name !== undefined && valued)
      out.push([
        [
          ...path,
          SETTING,
          ...name
            .split(/[./:]/)
            .map(snakeKey)
            .filter((p) => p !== ''),
        ],
        value,
      ]);
  };
  walk(args);
  return out;
}

/** Whether a tool's name words (or, with `inPath`, a key path) name a control. */
export function namesControl(words: readonly string[], inPath = false): boolean {
  const joined = words.join('_');
  if (NOT_CONTROL.test(joined)) return false;
  const word = inPath ? PATH_CONTROL : CONTROL;
  return CONTROL_PAIR.test(joined) || joined.split('_').some((x) => word.test(x));
}
