/** Guards moved to their unsafe end (src/engine/extract/tool-call/guard-off.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { guardOffLines } from '../../../../src/engine/extract/tool-call/guard-off.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  guardOffLines(nameWords(name), args).map((c) => c.code);

describe('guardOffLines', () => {
  it.each([
    ['aurora_update_cluster', { cluster: 'payments-prod', backupRetentionDays: 1 }],
    ['dynamodb_update_table_settings', { table: 'ledger-live', pitr_enabled: 'disabled' }],
    ['keyvault_update', { vault: 'kv-prod-eus', properties: { enableSoftDelete: false } }],
    ['slack_admin_set_retention', { channel: '#legal-hold', retention_days: 1, apply_to_existing: true }],
    [
      'unleash_toggle_feature',
      { environment: 'production', featureName: 'enforce-2fa-login', enabled: false },
    ],
    ['auth0_update_rule', { rule: 'global', mfa: { factors: 'none' } }],
    ['gcp_org_policy_set', { parent: 'organizations/5521', policy: { booleanPolicy: { enforced: false } } }],
    ['cloudflare_waf_update_package', { zone_id: 'acme.com', package_id: 'owasp', action_mode: 'simulate' }],
    ['SmartThingsDisableDevice', { device: 'garage-alarm-siren', duration: 'indefinitely' }],
    [
      'gcp_logging_create_exclusion',
      { parent: 'organizations/1', exclusion: { filter: 'severity>=DEFAULT' } },
    ],
  ])('%s %j moves a guard to its unsafe end', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['aurora_update_cluster', { cluster: 'payments-prod', backupRetentionDays: 14 }],
    ['aurora_update_cluster', { cluster: 'payments-dev', backupRetentionDays: 1 }],
    ['dynamodb_update_table_settings', { table: 'orders-staging', pitr_enabled: false }],
    ['aws_rds_modify_instance', { DBInstanceIdentifier: 'orders', DeletionProtection: false }],
    ['slack_admin_set_retention', { channel: '#random-bots', retention_days: 1 }],
    ['unleash_toggle_feature', { environment: 'production', featureName: 'new-checkout-ui', enabled: false }],
    ['cloudflare_waf_update_rule', { rule_id: '100015', mode: 'log', reason: 'false positive SEC-211' }],
    ['GoogleHomeTurnOffDevice', { device_id: 'front_door_camera', duration: '2 hours' }],
    ['get_backup_settings', { table: 'orders-prod' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
