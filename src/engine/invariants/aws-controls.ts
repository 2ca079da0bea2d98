/**
 * aws CLI runs that switch an account's detective controls off by the value they set rather than by
 * a stop or delete word (R15): a detector updated with `--no-enable`, a trail narrowed to one region
 * or without global events or file validation, event selectors that record no management events, a
 * Config recorder whose recording group records nothing, audit log groups kept one day, service
 * control policies detached or switched off, the account leaving its organization, and any
 * disable/deactivate operation of a security service. Each reads the new setting against the safe
 * direction; boto3 and the v3 SDK reach the same lines through code/sdk.ts.
 */
import { optionValue } from './aws-settings.js';

/** Services whose whole job is detecting or recording what happens in the account. */
const SECURITY_SERVICES =
  /^(?:guardduty|securityhub|macie2?|inspector2?|detective|accessanalyzer|cloudtrail|configservice|shield|fms|auditmanager|security-lake|securitylake)$/;

/**
 * Operations that switch such a service, a part of it or its watch over member accounts off, and
 * deletes of the control itself (a query or an import stopped is not one).
 */
const SWITCH_OFF =
  /^(?:disable|deactivate|disassociate)(?:-|$)|^stop-(?!query|import)|^delete-(?:detector|hub|analyzer|graph|trail|configuration-recorder|delivery-channel|config-rule|conformance-pack|event-data-store|organization-config-rule)$/;

/** Log groups that hold an audit trail (CloudTrail, flow logs, WAF, GuardDuty, Config, security). */
const AUDIT_GROUP = /cloudtrail|audit|security|guardduty|flow-?logs?|vpc-?flow|waf|aws-?config|siem/i;
/** Fewer days than an audit trail is kept for its first review (90 days is CloudTrail's own console history). */
const SHORT_RETENTION_DAYS = 90;

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Event selectors (or advanced selectors) none of which records management events. */
function noManagementEvents(args: readonly string[]): boolean {
  const basic = parsed(optionValue(args, '--event-selectors'));
  if (Array.isArray(basic))
    return basic.every(
      (s) =>
        s !== null &&
        typeof s === 'object' &&
        (s as Record<string, unknown>).IncludeManagementEvents === false,
    );
  const advanced = optionValue(args, '--advanced-event-selectors');
  return advanced !== undefined && !/"Management"/.test(advanced);
}

/** A recording group that records no resource type: no `allSupported`, no types listed. */
function recordsNothing(args: readonly string[]): boolean {
  const rec = parsed(optionValue(args, '--configuration-recorder') ?? optionValue(args, '--recording-group'));
  if (rec === null || typeof rec !== 'object') return false;
  const r = rec as Record<string, unknown>;
  const group = (r.recordingGroup ?? r) as Record<string, unknown> | null;
  if (group === null || typeof group !== 'object') return false;
  const types = group.resourceTypes;
  return group.allSupported === false && (!Array.isArray(types) || types.length === 0);
}

/**
 * What a run switches off, or null. `auditPrefixes` are log-group prefixes the same input listed
 * (`describe-log-groups --log-group-name-prefix /aws/cloudtrail`), for a group name the walk left open.
 */
export function controlOff(
  service: string,
  op: string,
  args: readonly string[],
  auditPrefixes: readonly string[],
): string | null {
  if (service === 'organizations') {
    if (op === 'leave-organization' || op === 'remove-account-from-organization')
      return `aws organizations ${op} takes the account out of its organization's guardrails`;
    if (op === 'detach-policy' || op === 'disable-policy-type')
      return `aws organizations ${op} removes service control policies (the organization's guardrails)`;
    return null;
  }
  if (service === 'logs' && op === 'put-retention-policy') {
    const days = Number(optionValue(args, '--retention-in-days'));
    const group = optionValue(args, '--log-group-name') ?? '';
    const audit =
      AUDIT_GROUP.test(group) || (group.startsWith('$') && auditPrefixes.some((p) => AUDIT_GROUP.test(p)));
    return audit && Number.isFinite(days) && days < SHORT_RETENTION_DAYS
      ? `aws logs put-retention-policy keeps the audit log group ${group} only ${days} day(s)`
      : null;
  }
  if (!SECURITY_SERVICES.test(service)) return null;
  if (
    args.includes('--no-enable') ||
    /^--enable=false$/i.test(args.find((a) => a.startsWith('--enable=')) ?? '')
  )
    return `aws ${service} ${op} --no-enable turns the detector off`;
  if (service === 'cloudtrail') {
    if (op === 'update-trail' || op === 'create-trail') {
      const off = [
        '--no-is-multi-region-trail',
        '--no-include-global-service-events',
        '--no-enable-log-file-validation',
      ].find((f) => args.includes(f));
      if (off !== undefined) return `aws cloudtrail ${op} ${off} narrows the audit trail`;
    }
    if (op === 'put-event-selectors' && noManagementEvents(args))
      return 'aws cloudtrail put-event-selectors stops recording management events (who changed what)';
    return null;
  }
  if (service === 'configservice' && op === 'put-configuration-recorder' && recordsNothing(args))
    return 'aws configservice put-configuration-recorder records no resource type';
  if (SWITCH_OFF.test(op)) return `aws ${service} ${op} switches threat detection or recording off`;
  return null;
}
