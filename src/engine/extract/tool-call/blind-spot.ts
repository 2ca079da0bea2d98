/**
 * A security control left running but made blind (red team r13 security-off): every finding it
 * raises archived or suppressed by a rule whose criteria match everything (a GuardDuty filter with
 * an empty criterion, a Security Hub automation rule with no criteria, an SCC mute config with an
 * empty filter), every log entry excluded (`filter: "logName:*"`), its logs kept a day or less
 * (CloudTrail retention 1, a lifecycle expiring the audit bucket), or a web filter whose default
 * is allow with no rule left. A rule that archives or excludes a narrow slice (one finding type,
 * health checks), a retention of weeks, and short retention of ordinary app logs stay allowed.
 * Becomes `agent-guard-action silence <control> <detail>` for PLT-AST-002.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { namesControl, type Leaf } from './control-words.js';

/** Words of what a detector reports or a log keeps. */
export const FINDINGS =
  /^(?:finding|findings|alert|alerts|detection|detections|guardduty|securityhub|scc|detector|threat|threats|incident|incidents|log|logs|logging|audit|trail|cloudtrail|sentinel|siem|event|events|security)$/;
/** Name words and action values that hide what matches. */
const HIDE =
  /^(?:archive|archived|suppress|suppressed|suppression|mute|muted|exclude|exclusion|exclusions|dismiss|dismissed|ignore|ignored|drop|discard|resolve|resolved)$/;
/** Keys of what a hiding rule matches. */
const CRITERIA_KEY =
  /^(?:filter|finding_criteria|criteria|criterion|condition|conditions|match|matcher|query|scope|selector|rule_criteria|filters|exclusion_filter|exclusion_filters|exclude_filter|exclusion)$/;
/** Criteria keys that say by their name that what matches is hidden (a sink's `exclusion_filter`). */
const HIDING_KEY = /^(?:exclusion_filter|exclusion_filters|exclude_filter|exclusion)$/;
/** Filter text that every entry matches (`*`, `logName:*`, `severity>=DEFAULT`, `true`). */
export const MATCH_ALL_TEXT =
  /^\s*(?:\*|true|1\s*=\s*1|[\w.]+\s*:\s*\*|severity\s*>=?\s*(?:default|debug|0)|[\w.]+\s*!=\s*""|NOT\s+[\w.]+\s*=\s*"__none__")?\s*$/i;
/** Retention keys, and the path words that make a `days` key a retention. */
const RETENTION_KEY =
  /^(?:retention|retention_in_days|retention_days|retention_period|retention_period_in_days|retention_duration|days|ttl_days|expiration_days|expire_days|expire_after_days|max_age_days)$/;
const RETENTION_PATH = /^(?:retention|retention_policy|expiration|expire|lifecycle|ttl)$/;
/** Logs that are a security record (a trail, audit, flow or WAF log, a SIEM's store). */
const SECURITY_LOG =
  /(?:^|[^a-z])(?:cloudtrail|trail|audit|auditlog|security|siem|sentinel|guardduty|flow[-_]?logs?|waf|access[-_]?logs?|soc|forensic)/i;
/** Days of retention that leave nothing to investigate. */
const SHORT_DAYS = 7;

/** The `silence` line PLT-AST-002 reads (shared by controls-off.ts). */
export const silence = (control: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'silence', quote(control), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** An empty criteria object, or one whose every member is empty. */
function emptyCriteria(v: unknown): boolean {
  if (typeof v === 'string') return MATCH_ALL_TEXT.test(v);
  if (Array.isArray(v)) return v.length === 0;
  if (v === null || typeof v !== 'object') return false;
  return Object.values(v as Record<string, unknown>).every(
    (x) => x === null || x === '' || (typeof x === 'object' && emptyCriteria(x)),
  );
}

/** The top-level or nested value under a criteria key, if any. */
function criteria(args: unknown, depth = 0): unknown[] {
  if (depth > 3 || args === null || typeof args !== 'object' || Array.isArray(args)) return [];
  const out: unknown[] = [];
  for (const [k, v] of Object.entries(args as Record<string, unknown>).slice(0, 64)) {
    const key = k.toLowerCase().replace(/[^a-z0-9]+/g, '_');
    if (CRITERIA_KEY.test(key)) out.push(v);
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(...criteria(v, depth + 1));
  }
  return out;
}

function hideAll(w: readonly string[], args: unknown, strings: readonly string[]): string | undefined {
  const hides =
    w.some((x) => HIDE.test(x)) ||
    (args !== null &&
      typeof args === 'object' &&
      Object.keys(args).some((k) => HIDING_KEY.test(k.toLowerCase().replace(/[^a-z0-9]+/g, '_')))) ||
    strings.some((s) => s.length < 40 && /^(?:archive|suppress(?:ed)?|exclude|mute)$/i.test(s.trim()));
  if (!hides) return undefined;
  const about = w.some((x) => FINDINGS.test(x)) || namesControl(w);
  if (!about) return undefined;
  const found = criteria(args);
  // A rule given no criteria key at all is read as incomplete, not as matching everything.
  if (found.length === 0 || !found.every(emptyCriteria)) return undefined;
  return 'matches every entry';
}

function shortRetention(
  w: readonly string[],
  all: readonly Leaf[],
  strings: readonly string[],
): string | undefined {
  const hit = all.find(([path, v]) => {
    const key = path[path.length - 1] ?? '';
    if (!RETENTION_KEY.test(key)) return false;
    if (key === 'days' && !path.some((p) => RETENTION_PATH.test(p))) return false;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    // 0 means "keep forever" in several APIs (Azure diagnostic settings): only 1 to 7 days read as short.
    return n >= 1 && n <= SHORT_DAYS;
  });
  if (hit === undefined) return undefined;
  if (!SECURITY_LOG.test(w.join('_')) && !strings.some((s) => SECURITY_LOG.test(s))) return undefined;
  return `${hit[0].join('.')} ${String(hit[1])}`;
}

/** A web filter whose default lets requests through and whose rule list is empty. */
function allowAll(w: readonly string[], args: unknown): string | undefined {
  if (!namesControl(w) && !w.some((x) => /^(?:acl|web_acl|policy)$/.test(x))) return undefined;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const rec = Object.fromEntries(
    Object.entries(args as Record<string, unknown>).map(([k, v]) => [
      k.toLowerCase().replace(/[^a-z0-9]/g, ''),
      v,
    ]),
  );
  const def = rec.defaultaction ?? rec.default;
  const allows =
    (typeof def === 'string' && /^allow$/i.test(def.trim())) ||
    (def !== null && typeof def === 'object' && Object.keys(def).some((k) => /^allow$/i.test(k)));
  return allows && Array.isArray(rec.rules) && rec.rules.length === 0
    ? 'default allow with no rules'
    : undefined;
}

/** Called by securityOffLines with the leaves it read (scratch targets and reads already left out). */
export function blindSpotLines(
  w: readonly string[],
  args: unknown,
  all: readonly Leaf[],
  strings: readonly string[],
): CliEquivalent[] {
  if (w.some((x) => /^(?:delete|remove)$/.test(x))) return [];
  const why = hideAll(w, args, strings) ?? shortRetention(w, all, strings) ?? allowAll(w, args);
  return why === undefined
    ? []
    : [silence(w.find((x) => namesControl([x])) ?? 'logs', `${w.join('_')} ${why}`)];
}
