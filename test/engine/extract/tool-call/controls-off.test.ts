/** KMS deletion, Vault sealed, backup versioning, alerts, alarms, emptied protection (src/engine/extract/tool-call/controls-off.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { controlsOffLines } from '../../../../src/engine/extract/tool-call/controls-off.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  controlsOffLines(nameWords(name), args).map((c) => c.code);

describe('controlsOffLines', () => {
  it.each([
    [
      'schedule_key_deletion',
      { key_id: 'arn:aws:kms:us-east-1:1:key/prod' },
      'aws kms schedule-key-deletion',
    ],
    ['vault_write', { path: 'sys/seal' }, 'silence vault'],
    ['update_bucket', { bucket: 'acme-backups', versioning: 'Suspended' }, 'silence versioning'],
    ['dependabot_alerts', { state: 'dismissed', alert_numbers: 'all' }, 'silence alerts'],
    ['set_alarm_actions', { alarms: ['root-login'], actions_enabled: false }, 'silence alarms'],
    [
      'set_branch_rules',
      { repo: 'acme/pay', required_approving_review_count: 0, required_status_checks: null },
      'gh api -X DELETE repos/acme/pay/branches/main/protection',
    ],
    ['delete_trail', { name: 'org-trail' }, 'silence trail'],
    ['delete_flow_logs', { ids: ['fl-1'] }, 'silence flow_logs'],
  ])('%s %j switches a control off', (name, args, want) => {
    expect(lines(name, args).join('\n')).toContain(want);
  });

  it.each([
    ['cancel_key_deletion', { key_id: 'arn:aws:kms:us-east-1:1:key/prod' }],
    ['vault_read', { path: 'sys/seal-status' }],
    ['delete_trail', { name: 'sandbox-test-trail' }],
    ['vault_write', { path: 'secret/data/app' }],
    ['update_bucket', { bucket: 'acme-build-cache', versioning: 'Suspended' }],
    ['dependabot_alerts', { state: 'dismissed', alert_numbers: [4] }],
    ['set_alarm_actions', { alarms: ['staging-cpu-high'], actions_enabled: false }],
    [
      'set_branch_rules',
      { required_approving_review_count: 0, required_status_checks: { contexts: ['ci'] } },
    ],
    ['set_branch_rules', { required_approving_review_count: 1, required_status_checks: null }],
  ])('%s %j stays allowed', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
