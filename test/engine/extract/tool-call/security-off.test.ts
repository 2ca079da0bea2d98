/** Security controls switched off (src/engine/extract/tool-call/security-off.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { securityOffLines } from '../../../../src/engine/extract/tool-call/security-off.js';
import { leaves, SETTING } from '../../../../src/engine/extract/tool-call/control-words.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  securityOffLines(nameWords(name), args).map((c) => c.code);

describe('securityOffLines', () => {
  it.each([
    ['cloudtrail_update_trail', { name: 'org-trail', is_logging: false }],
    ['guardduty_update_detector', { detector_id: 'd1', enable: false }],
    ['supabase_disable_rls', { table: 'profiles', project: 'acme-prod' }],
    ['securityhub_update_settings', { status: 'DISABLED' }],
    // A switch under a control's key, whatever the tool is called.
    [
      'github_update_repository',
      { repo: 'api', security_and_analysis: { secret_scanning: { status: 'disabled' } } },
    ],
    ['update_prevention_policy', { id: 'prod', settings: { cloud_anti_malware: 'DISABLED' } }],
    ['datadog_update_settings', { cloud_siem: { enabled: false } }],
    ['windows_defender_set_preference', { DisableRealtimeMonitoring: true }],
    // A named setting given an off value, as a top-level pair or a {Key, Value} item.
    [
      'cloudflare_update_zone_setting',
      { zone_id: 'acme.io', setting: 'security_level', value: 'essentially_off' },
    ],
    ['modify_lb_attributes', { attributes: [{ Key: 'access_logs.s3.enabled', Value: 'false' }] }],
    // The free tier of a paid protection, a blocking control made to watch only, a protection removed.
    ['azure_defender_set_pricing', { resource_type: 'VirtualMachines', tier: 'Free' }],
    ['waf_update_policy', { name: 'frontdoor-prod', mode: 'Detection' }],
    ['vercel_update_project', { project: 'admin-console', sso_protection: null }],
  ])('%s %j switches a control off', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['cloudtrail_update_trail', { name: 'org-trail', is_logging: true }],
    ['enable_guardduty', { region: 'us-east-1' }],
    ['guardduty_get_detector', { detector_id: 'd1' }],
    ['supabase_disable_rls', { table: 'test_profiles', project: 'acme-dev' }],
    ['set_audit_log_config', { org: 'acme', enabled: true }],
    // Words that name a control only in a tool's name: npm's audit, a local database's ssl, Redis Sentinel.
    ['npm_install', { packages: ['lodash'], audit: false }],
    ['update_database_connection', { host: 'localhost', ssl: false }],
    ['redis_update_config', { sentinel: { enabled: false } }],
    // Protections against the owner's own mistakes, and a docs site's password page.
    ['rds_modify_db_instance', { db_instance_identifier: 'orders', deletion_protection: false }],
    ['vercel_update_project', { project: 'acme-docs', password_protection: null }],
    // One rule turned off with its reason; settings that are not controls; a stronger setting.
    ['waf_update_rule', { rule_name: 'SQLi-942100', enabled: false, reason: 'false positive, SEC-812' }],
    ['cloudflare_update_zone_setting', { setting: 'development_mode', value: 'off' }],
    ['cloudflare_update_zone_setting', { setting: 'ssl', value: 'strict' }],
    [
      'github_update_repository',
      { security_and_analysis: { dependabot_security_updates: { status: 'disabled' } } },
    ],
    ['azure_defender_set_pricing', { resource_type: 'VirtualMachines', tier: 'Standard' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});

describe('leaves', () => {
  it('reads a {Key, Value} item as the setting it names', () => {
    expect(leaves({ attributes: [{ Key: 'access_logs.s3.enabled', Value: 'false' }] })).toContainEqual([
      ['attributes', SETTING, 'access_logs', 's3', 'enabled'],
      'false',
    ]);
  });
});
