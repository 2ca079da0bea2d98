/**
 * A control kept but reduced to nothing by its new value, whatever the tool calls it (red team r16
 * controls-off): an audit trail's event selectors or a backup plan's rules set to an empty list, a
 * backup or audit retention of 0 days, a service's request rate or concurrency set to 0 (every
 * caller refused), and workflows allowed to approve pull requests (the review they must pass is
 * given by the code under review). The same settings with something left in them (a rule, a day, a
 * rate), created empty, read, or on a scratch or staging target, stay allowed. Lines:
 * `agent-guard-action silence|suspend|weaken ...` (PLT-AST-002, PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';
import { wordSet, type Gate } from './signals.js';
import { snakeKey } from './snake-entries.js';
import { actionLine as line } from './action-line.js';

/** Reads, and making a new control (empty until filled in). */
const READ =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|create|new|add|simulate|preview)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
};

/** Name words of controls that record what happens or keep copies for recovery. */
const RECORD =
  /^(?:trail|trails|cloudtrail|audit|auditing|backup|backups|snapshot|snapshots|recorder|logging|logs|vault|retention|replication|dr)$/;
/** Keys listing what such a control covers or does: empty, it records or keeps nothing. */
const COVERAGE =
  /^(?:event_selectors|advanced_event_selectors|selectors|rules|backup_rules|schedules|schedule|resources|resource_selection|selections|log_types|categories|sources|targets|destinations|copy_actions|streams|event_types|data_resources)$/;
/** An audit log's own configuration list (GCP `auditConfigs`): empty, no service's data access is recorded. */
const AUDIT_LIST = /^audit_(?:configs?|log_configs?|logs?|log_settings|settings)$/;
/** Keys of how long a backup or a record is kept. */
const RETENTION =
  /^(?:retention|retention_days|retention_in_days|retention_period|retention_period_days|retain_days|keep_days|delete_after_days|delete_after|expire_days|backup_retention_period|lifecycle_days)$/;

/** Keys holding an empty list, at the top level and one object below (`settings.rules: []`). */
function emptyLists(args: object): Leaf[] {
  const out: Leaf[] = [];
  const visit = (x: object, at: readonly string[]): void => {
    let n = 0;
    for (const [k, v] of Object.entries(x) as [string, unknown][]) {
      if (++n > 64) return;
      const key = snakeKey(k);
      if (Array.isArray(v)) {
        if (v.length === 0) out.push([[...at, key], v]);
      } else if (v !== null && typeof v === 'object' && at.length === 0) visit(v, [key]);
    }
  };
  visit(args, []);
  return out;
}

/** The audit or backup control emptied: nothing left that it records, or kept for no day. */
function emptied(w: readonly string[], all: readonly Leaf[], args: object): CliEquivalent | undefined {
  const audit = emptyLists(args).find(([p]) => AUDIT_LIST.test(last(p)));
  if (audit !== undefined)
    return line('silence', 'audit', `${w.join('_')} ${audit[0].join('.')} []: nothing is recorded`);
  const object = w.find((x) => RECORD.test(x));
  if (object === undefined) return undefined;
  const hit =
    emptyLists(args).find(([p]) => COVERAGE.test(last(p))) ??
    all.find(([p, v]) => RETENTION.test(last(p)) && num(v) === 0);
  return hit === undefined
    ? undefined
    : line('silence', object, `${w.join('_')} ${hit[0].join('.')} ${JSON.stringify(hit[1])}`);
}

/** Name words of controls that block traffic, domains or requests. */
const BLOCKING =
  /^(?:firewall|firewalls|waf|wafv2|resolver|umbrella|filter|filtering|blocklist|blocklists|denylist|ips|proxy|gateway|nextdns|pihole)$/;
/** Keys listing what such a control blocks: empty, it blocks nothing. */
const BLOCKS =
  /^(?:rules|firewall_rules|rule_groups|blocked_categories|blocked_domains|blocked_urls|blocked_ips|blocklist|block_list|denylist|deny_list|categories|security_categories|threat_categories)$/;

/** A blocking control emptied (`route53resolver_update_firewall_rule_group {FirewallRules: []}`, Umbrella `blocked_categories: []`). */
function unblocked(w: readonly string[], args: object): CliEquivalent | undefined {
  const object = w.find((x) => BLOCKING.test(x));
  const hit = emptyLists(args).find(
    ([p]) =>
      BLOCKS.test(last(p)) && (object !== undefined || /^blocked_|^block_?list$|^deny_?list$/.test(last(p))),
  );
  return hit === undefined
    ? undefined
    : line('silence', object ?? 'filter', `${w.join('_')} ${hit[0].join('.')} []: nothing is blocked`);
}

/** Values of a selector that no object carries (`matchLabels: {none: "none"}`). */
const NOTHING = /^(?:none|nothing|never|disabled?|off|null|no-?match|nomatch|skip)$/i;

/**
 * An admission webhook (Gatekeeper, Kyverno, any validating policy) kept but made a no-op (R24): it
 * lets requests through when it fails (`failurePolicy: Ignore`) and its rules are emptied or its
 * selector matches no namespace, so no request is ever checked.
 */
function admissionNoop(w: readonly string[], args: object): CliEquivalent | undefined {
  if (!w.some((x) => /webhook|admission/.test(x))) return undefined;
  let found: string | undefined;
  const visit = (x: unknown, depth: number): void => {
    if (found !== undefined || x === null || typeof x !== 'object' || depth > 6) return;
    if (Array.isArray(x)) {
      for (const y of x.slice(0, 32)) visit(y, depth + 1);
      return;
    }
    const o = x as Record<string, unknown>;
    const policy = o.failurePolicy ?? o.failure_policy;
    if (typeof policy === 'string' && /^ignore$/i.test(policy.trim())) {
      const rules = o.rules;
      const selectors = [o.namespaceSelector, o.objectSelector, o.namespace_selector, o.object_selector];
      const none = selectors.some((sel) => {
        const labels =
          sel !== null && typeof sel === 'object' ? (sel as Record<string, unknown>).matchLabels : undefined;
        return (
          labels !== null &&
          typeof labels === 'object' &&
          Object.entries(labels as Record<string, unknown>).some(
            ([k, v]) => NOTHING.test(k) || (typeof v === 'string' && NOTHING.test(v)),
          )
        );
      });
      if ((Array.isArray(rules) && rules.length === 0) || none)
        found = Array.isArray(rules) && rules.length === 0 ? 'rules []' : 'a selector matching nothing';
      return;
    }
    for (const y of Object.values(o).slice(0, 64)) visit(y, depth + 1);
  };
  visit(args, 0);
  return found === undefined
    ? undefined
    : line(
        'silence',
        'admission',
        `${w.join('_')} failurePolicy Ignore with ${found}: no request is checked`,
      );
}

/** Keys of how many requests or runs a service accepts. */
const RATE =
  /^(?:(?:requests|calls|queries|invocations|messages)_per_(?:second|minute|hour|day|sec|min)|rps|rpm|qps|rate_limit|max_rps|max_requests|throughput|reserved_concurrency|reserved_concurrent_executions|max_concurrency|max_connections)$/;

/** A service's accepted rate set to 0: every caller is refused. */
function rateZero(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  const hit = all.find(([p, v]) => RATE.test(last(p)) && num(v) === 0);
  return hit === undefined
    ? undefined
    : line('suspend', 'service', `${w.join('_')} ${hit[0].join('.')} 0: every request is refused`);
}

/** Workflows or bots allowed to approve pull requests: the required review passes without a person. */
function selfApproval(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  const hit = all.find(
    ([p, v]) =>
      /(?:^|_)approve_(?:pull_requests?|prs?|pull_request_reviews|reviews|merge_requests?)$/.test(last(p)) &&
      (v === true || v === 'true'),
  );
  return hit === undefined
    ? undefined
    : line(
        'weaken',
        'review',
        `${w.join('_')} ${hit[0].join('.')} true: workflows approve their own changes`,
      );
}

/** Key words of coverage lists, retention, rates and approvals (signals.ts). */
export const CONTROL_EMPTIED_GATE: Gate = {
  keys: wordSet(
    'audit selectors rules schedules schedule resources selections types categories sources targets destinations actions streams retention retain keep expire after lifecycle per rps rpm qps limit throughput concurrency concurrent connections approve blocked blocklist denylist failure',
  ),
};

export function controlEmptiedLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args) || w.some((x) => READ.test(x)))
    return [];
  const all = leaves(args, 5, 128);
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  if (
    scratchOnly([...names, w.join('_')]) ||
    names.some((n) => /(?:^|[-_.])(?:staging|stage|stg|qa|uat)(?:$|[-_.\d])/i.test(n))
  )
    return [];
  return [
    emptied(w, all, args),
    unblocked(w, args),
    admissionNoop(w, args),
    rateZero(w, all),
    selfApproval(w, all),
  ].filter((c): c is CliEquivalent => c !== undefined);
}
