/**
 * Security and recovery controls reduced to nothing under names security-off.ts does not read (red
 * team r14 security-off): a production KMS key scheduled for deletion under a bare name, Vault
 * sealed through its `sys/seal` path, versioning suspended on a backup bucket, every alert of a
 * scanner dismissed at once, the actions of security alarms (root sign-in, IAM or CloudTrail
 * changes) switched off, and branch protection kept but emptied (no reviews and no checks). One
 * alert dismissed, an ordinary alarm muted, a build-cache bucket without versioning and a rule that
 * still asks for a review or a check stay allowed. Lines: `aws kms schedule-key-deletion`
 * (AWS-AST-002), `agent-guard-action silence ...` (PLT-AST-002), `gh api -X DELETE .../protection`
 * (GIT-AST-011).
 */
import { bash, quote, type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { silence } from './blind-spot.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';
import { union, type Gate } from './signals.js';

const READ = /^(?:get|list|describe|read|show|search|query|view|fetch|cancel|status|check)$/;
const last = (path: readonly string[]): string => path[path.length - 1] ?? '';
const off = (v: unknown): boolean =>
  v === false || (typeof v === 'string' && /^\s*(?:false|off|disabled?|suspended|none)\s*$/i.test(v));

/** A KMS key (by its ARN or a key-store field) scheduled for deletion: its data is lost when the window ends. */
function keyDeletion(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.includes('schedule') || !w.some((x) => /^(?:key|keys)$/.test(x))) return undefined;
  if (!w.some((x) => /^(?:deletion|delete|destroy|destruction)$/.test(x))) return undefined;
  const key = all.find(
    ([p, v]) =>
      typeof v === 'string' &&
      (/^arn:aws[\w-]*:kms:/.test(v.trim()) || /^(?:key_id|kms_key_id|key_arn|cmk|cmk_id)$/.test(last(p))),
  );
  return key === undefined
    ? undefined
    : bash(['aws kms schedule-key-deletion --key-id', quote(String(key[1]))]);
}

/** Vault sealed (`sys/seal`): every secret it serves is out of reach until it is unsealed by hand. */
function vaultSeal(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.includes('vault') && !w.includes('seal')) return undefined;
  const sealed =
    (w.includes('seal') && w.includes('vault')) ||
    all.some(
      ([p, v]) =>
        /(?:^|_)path$/.test(last(p)) && typeof v === 'string' && /^\/?(?:v1\/)?sys\/seal\/?$/.test(v.trim()),
    );
  return sealed
    ? silence('vault', `${w.join('_')} seals Vault: no secret can be read until it is unsealed`)
    : undefined;
}

/** Bucket names that hold backups or records kept for recovery. */
const BACKUP =
  /(?:^|[^a-z])(?:backups?|bak|dr|disaster|archives?|snapshots?|audit|cloudtrail|vault)(?:$|[^a-z])/i;

/** Versioning suspended, or old versions expired within a day, on a bucket of backups. */
function versionsOff(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  const name = all.find(
    ([p, v]) => /(?:^|_)(?:bucket|bucket_name|name|container)$/.test(last(p)) && typeof v === 'string',
  );
  if (name === undefined || !BACKUP.test(String(name[1]))) return undefined;
  const hit = all.find(
    ([p, v]) =>
      (p.some((k) => /^versioning(?:_configuration|_status)?$/.test(k)) &&
        (p.length === 1 || /^(?:status|enabled|state)$/.test(last(p))) &&
        off(v)) ||
      (/^noncurrent_version_expiration(?:_days|_in_days)?$|^noncurrent_days$/.test(last(p)) &&
        typeof v === 'number' &&
        v >= 0 &&
        v <= 1),
  );
  return hit === undefined
    ? undefined
    : silence('versioning', `${w.join('_')} ${String(name[1])} ${hit[0].join('.')} ${String(hit[1])}`);
}

/** Words of a scanner's or detector's alerts. */
const ALERTS =
  /^(?:alert|alerts|finding|findings|vulnerability|vulnerabilities|dependabot|scanning|advisories|advisory|issues|detections|incidents)$/;
const CLOSED =
  /^\s*(?:dismiss(?:ed)?|resolved?|closed?|suppress(?:ed)?|archived?|muted?|ignored?|fixed)\s*$/i;
const SELECTOR =
  /^(?:alert_numbers|alert_ids|alerts|ids|numbers|finding_ids|findings|selection|scope|which|targets|items)$/;

/** Every alert of a scanner closed in one call (`alert_numbers: "all"`). */
function dismissAll(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.some((x) => ALERTS.test(x))) return undefined;
  const closes =
    w.some((x) => CLOSED.test(x)) ||
    all.some(
      ([p, v]) =>
        /^(?:state|status|action|resolution)$/.test(last(p)) && typeof v === 'string' && CLOSED.test(v),
    );
  if (!closes) return undefined;
  const every = all.find(
    ([p, v]) =>
      SELECTOR.test(last(p)) && typeof v === 'string' && /^\s*(?:all|\*|every|everything)\s*$/i.test(v),
  );
  return every === undefined
    ? undefined
    : silence('alerts', `${w.join('_')} closes every alert (${last(every[0])}: ${String(every[1])})`);
}

/** Alarm names of security events. */
const SECURITY_ALARM =
  /root|iam|cloudtrail|guardduty|unauthori[sz]ed|console[-_ ]?(?:login|sign)|mfa|security|kms|audit|policy[-_ ]?change|config[-_ ]?change|breach|intrusion|privilege|brute/i;

/** The actions of security alarms switched off: they still fire, and nobody is told. */
function alarmsMuted(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:alarm|alarms|alert|alerts|monitor|monitors)$/.test(x))) return undefined;
  const muted = all.find(
    ([p, v]) =>
      /^(?:actions_enabled|alarm_actions_enabled|notifications_enabled|notify|enabled)$/.test(last(p)) &&
      off(v),
  );
  if (muted === undefined) return undefined;
  const named = all.find(
    ([p, v]) =>
      /(?:^|_)(?:alarms?|alarm_names?|names?|monitors?|alerts?)$/.test(last(p)) &&
      typeof v === 'string' &&
      SECURITY_ALARM.test(v),
  );
  return named === undefined
    ? undefined
    : silence('alarms', `${w.join('_')} ${last(muted[0])} ${String(muted[1])} on ${String(named[1])}`);
}

/** Branch protection kept but emptied: no approving review and no status check required. */
function protectionEmptied(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:branch|branches|protection|ruleset|rulesets|rules)$/.test(x))) return undefined;
  const reviews = all.find(([p]) =>
    /^(?:required_approving_review_count|required_reviews|required_approvals|min_approvals)$/.test(last(p)),
  );
  if (reviews === undefined || !(reviews[1] === 0 || reviews[1] === '0')) return undefined;
  const checks = all.filter(([p]) =>
    p.some((k) => /^(?:required_status_checks|status_checks|required_checks)$/.test(k)),
  );
  // Checks still required: a solo repository's protection without reviews.
  if (checks.length === 0 || checks.some(([, v]) => v !== null && v !== false && v !== '')) return undefined;
  const text = (k: string): string | undefined => {
    const v = all.find(([p]) => p.length === 1 && p[0] === k)?.[1];
    return typeof v === 'string' ? v : undefined;
  };
  const repo = text('repo') ?? text('repository') ?? 'repo';
  const full = repo.includes('/') ? repo : `${text('owner') ?? 'org'}/${repo}`;
  return bash(['gh api -X DELETE', quote(`repos/${full}/branches/${text('branch') ?? 'main'}/protection`)]);
}

/** Audit and detection services whose deletion ends the record (a trail, a detector, a recorder, flow logs). */
const AUDIT =
  /^(?:trail|trails|cloudtrail|detector|detectors|guardduty|recorder|recorders|securityhub|auditlog|auditlogs|flowlogs)$/;

/** An audit trail, threat detector or configuration recorder deleted: nothing records what follows. */
function auditDeleted(w: readonly string[]): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:delete|remove|destroy|drop)$/.test(x))) return undefined;
  const what = w.find((x) => AUDIT.test(x)) ?? (w.join('_').includes('flow_logs') ? 'flow_logs' : undefined);
  return what === undefined
    ? undefined
    : silence(what, `${w.join('_')} deletes it: nothing is recorded after`);
}

/** Name words of the objects read here: without one, the arguments are not walked. */
const OBJECT =
  /^(?:schedule|vault|seal|trail|trails|cloudtrail|detector|detectors|guardduty|recorder|recorders|securityhub|auditlog|auditlogs|flowlogs|flow|bucket|buckets|versioning|storage|s3|gcs|blob|container|alarm|alarms|monitor|monitors|branch|branches|protection|ruleset|rulesets|rules)$/;

/** When controlsOffLines can answer (signals.ts): its first test, the name word of a control or alerts (OBJECT, ALERTS). */
export const CONTROLS_OFF_GATE: Gate = { name: union(OBJECT, ALERTS) };

export function controlsOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  if (!w.some((x) => OBJECT.test(x) || ALERTS.test(x))) return [];
  const all = leaves(args);
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  if (scratchOnly([...names, w.join('_')])) return [];
  return [
    keyDeletion(w, all),
    auditDeleted(w),
    vaultSeal(w, all),
    versionsOff(w, all),
    dismissAll(w, all),
    alarmsMuted(w, all),
    protectionEmptied(w, all),
  ].filter((c): c is CliEquivalent => c !== undefined);
}
