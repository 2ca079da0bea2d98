/** Controls left on but made blind (src/engine/extract/tool-call/blind-spot.ts, reached through securityOffLines). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { securityOffLines } from '../../../../src/engine/extract/tool-call/security-off.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  securityOffLines(nameWords(name), args).map((c) => c.code);

describe('blindSpotLines', () => {
  it.each([
    ['guardduty_create_filter', { name: 'quiet', action: 'ARCHIVE', finding_criteria: { Criterion: {} } }],
    [
      'securityhub_create_automation_rule',
      { criteria: {}, actions: [{ workflow: { status: 'SUPPRESSED' } }] },
    ],
    ['gcp_logging_create_exclusion', { parent: 'organizations/1', name: 'cost', filter: 'logName:*' }],
    ['scc_create_mute_config', { parent: 'organizations/1', filter: '' }],
    ['logs_put_retention_policy', { log_group_name: '/aws/cloudtrail/org-trail', retention_in_days: 1 }],
    ['put_bucket_lifecycle', { bucket: 'acme-audit-logs', rules: [{ Expiration: { Days: 1 } }] }],
    ['waf_update_web_acl', { name: 'prod-edge', default_action: { Allow: {} }, rules: [] }],
  ])('%s %j blinds a control', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    [
      'guardduty_create_filter',
      { action: 'ARCHIVE', finding_criteria: { Criterion: { type: { Eq: ['Recon'] } } } },
    ],
    [
      'gcp_logging_create_exclusion',
      { name: 'drop-healthchecks', filter: 'httpRequest.requestUrl="/healthz"' },
    ],
    ['logs_put_retention_policy', { log_group_name: '/aws/cloudtrail/org-trail', retention_in_days: 400 }],
    ['logs_put_retention_policy', { log_group_name: '/ecs/checkout-api', retention_in_days: 3 }],
    [
      'waf_update_web_acl',
      { name: 'prod-edge', default_action: { Allow: {} }, rules: [{ Name: 'block-bad' }] },
    ],
    ['filter_logs', { query: '*', since: '1h' }],
    ['query_logs', { log_group: '/aws/cloudtrail/org-trail', filter: '*' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
