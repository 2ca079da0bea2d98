/** Organisation guards taken away (src/engine/extract/tool-call/org-controls-off.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { orgControlsOffLines } from '../../../../src/engine/extract/tool-call/org-controls-off.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  orgControlsOffLines(nameWords(name), args).map((c) => c.code);

describe('orgControlsOffLines', () => {
  it.each([
    ['gworkspace_update_security_setting', { setting: '2sv_enforcement', value: 'off', orgUnit: '/' }],
    ['slack_admin_set_workspace_settings', { two_factor_auth_required: 0 }],
    [
      'azure_monitor_delete_diagnostic_setting',
      { resourceUri: '/rg-prod/vaults/kv-prod', name: 'to-sentinel' },
    ],
    ['azure_update_diagnostic_settings', { resourceUri: '/rg-prod/vaults/kv-main', name: 'audit', logs: [] }],
    ['datadog_bulk_update_security_rules', { filter: '*', isEnabled: false }],
    ['datadog_update_monitors', { query: 'tag:env:prod', options: { silenced: { '*': null } } }],
    ['gitlab_update_project', { id: 'acme/payments', approvals_before_merge: 0 }],
    ['bitbucket_update_branch_restriction', { kind: 'require_approvals_to_merge', value: 0 }],
  ])('%s %j takes a guard away', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['gworkspace_update_security_setting', { setting: '2sv_enforcement', value: 'on', orgUnit: '/' }],
    ['gitlab_update_group', { require_two_factor_authentication: true, two_factor_grace_period: 0 }],
    ['azure_monitor_delete_diagnostic_setting', { resourceUri: '/rg-sandbox/sites/demo-app', name: 'old' }],
    ['logs_delete_log_stream', { log_group_name: '/app/web', log_stream_name: 'i-123' }],
    ['datadog_bulk_update_security_rules', { filter: '*', isEnabled: true }],
    ['datadog_mute_monitor', { monitor_id: 7, scope: '*', end: 1796040000 }],
    ['disable_all_lint_rules', { file: 'src/a.ts' }],
    ['gitlab_update_project', { id: 'acme/payments', approvals_before_merge: 2 }],
    [
      'set_branch_rules',
      { required_approving_review_count: 0, required_status_checks: { contexts: ['ci/test'] } },
    ],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
