/** Security controls switched off (src/engine/extract/tool-call/security-off.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { securityOffLines } from '../../../../src/engine/extract/tool-call/security-off.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  securityOffLines(nameWords(name), fields(args)).map((c) => c.code);

describe('securityOffLines', () => {
  it.each([
    ['cloudtrail_update_trail', { name: 'org-trail', is_logging: false }],
    ['guardduty_update_detector', { detector_id: 'd1', enable: false }],
    ['supabase_disable_rls', { table: 'profiles', project: 'acme-prod' }],
    ['securityhub_update_settings', { status: 'DISABLED' }],
  ])('%s %j switches a control off', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['cloudtrail_update_trail', { name: 'org-trail', is_logging: true }],
    ['enable_guardduty', { region: 'us-east-1' }],
    ['guardduty_get_detector', { detector_id: 'd1' }],
    ['supabase_disable_rls', { table: 'test_profiles', project: 'acme-dev' }],
    ['set_audit_log_config', { org: 'acme', enabled: true }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
