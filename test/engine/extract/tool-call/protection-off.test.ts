/** Company-wide protections switched off or opened to everything (src/engine/extract/tool-call/protection-off.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { protectionOffLines } from '../../../../src/engine/extract/tool-call/protection-off.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  protectionOffLines(nameWords(name), args).map((c) => c.code);

describe('protectionOffLines', () => {
  it.each([
    ['depguard_org_settings_update', { org: 'acme', pr_checks: false, fail_on: 'none' }],
    ['corvid_tenant_security_update', { tenant: 'acme', dlp: { enabled: false } }],
    ['netsentry_dns_filter_set', { org: 'acme', dns_filtering: 'off' }],
    ['umbrella_policies_update', { policy_id: 'default', allow_all_domains: true }],
    [
      'gcp_org_policy_set',
      {
        name: 'organizations/1/policies/iam.allowedPolicyMemberDomains',
        spec: { rules: [{ allowAll: true }] },
      },
    ],
    ['cloudflare_rulesets_rule_create', { zone_id: 'acme.com', action: 'skip', expression: 'true' }],
    ['drive_sharing_update', { orgUnit: '/', externalSharing: 'ON_ANYONE_WITH_LINK' }],
    ['url_filtering_rules_update', { name: 'Default', action: 'ALLOW', urlCategories: ['ANY'] }],
    ['casb_tenant_settings_put', { tenant: 'acme', block_unsanctioned_apps: false }],
    ['m365_atp_policy_set', { tenant: 'acme', safe_links: 'off' }],
  ])('%s %j takes a protection away', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['depguard_org_settings_update', { org: 'acme', pr_checks: true, fail_on: 'high' }],
    ['corvid_tenant_security_update', { tenant: 'acme', dlp: { enabled: true } }],
    ['org_settings_update', { org: 'acme', debug_logging: false }],
    [
      'gcp_org_policy_set',
      {
        name: 'projects/acme-dev-sandbox/policies/compute.vmExternalIpAccess',
        spec: { rules: [{ allowAll: true }] },
      },
    ],
    [
      'cloudflare_rulesets_rule_create',
      { zone_id: 'acme.com', action: 'skip', expression: 'http.request.uri.path eq "/healthz"' },
    ],
    ['drive_sharing_update', { orgUnit: '/', externalSharing: 'ALLOWLISTED_DOMAINS' }],
    ['waf_settings_get', { zone: 'acme.com' }],
    ['ec2_update_instance', { instance: 'i-1', disable_api_termination: false, deletion_protection: false }],
    ['reports_export_settings_update', { account_id: 'acme', include_ids: false }],
    ['workspace_apps_update', { workspace: 'acme', bot_enabled: false }],
    ['slack_admin_team_settings_set', { team: 'acme', allow_all_members_to_create_channels: true }],
    ['zero_trust_access_policy_create', { account: 'acme', action: 'allow', path: '/' }],
  ])('%s %j stays allowed', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
