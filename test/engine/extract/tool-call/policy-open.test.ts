/** Access widened by policy documents (src/engine/extract/tool-call/policy-open.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { policyOpenLines } from '../../../../src/engine/extract/tool-call/policy-open.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  policyOpenLines(nameWords(name), args).map((c) => c.code);

const trust = (principal: string): Record<string, unknown> => ({
  Statement: [{ Effect: 'Allow', Principal: { AWS: principal }, Action: 'sts:AssumeRole' }],
});

describe('policyOpenLines', () => {
  it.each([
    [
      'vault_write',
      { path: 'sys/policies/acl/default', policy: 'path "*" { capabilities = ["update", "sudo"] }' },
    ],
    ['openbao_policy_write', { policy: { path: { '*': { capabilities: ['create'] } } } }],
    ['tailscale_set_acl', { acl: { acls: [{ action: 'accept', src: ['*'], dst: ['*:*'] }] } }],
    [
      'iam_update_assume_role_policy',
      { role: 'prod-admin', policy: trust('arn:aws:iam::999988887777:root') },
    ],
    ['confluence_set_space_permissions', { space: 'SEC', anonymous: ['view', 'export'] }],
  ])('%s %j widens access', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['vault_write', { policy: 'path "secret/data/app/*" { capabilities = ["read"] }' }],
    [
      'tailscale_set_acl',
      { acl: { acls: [{ action: 'accept', src: ['group:eng'], dst: ['tag:web:443'] }] } },
    ],
    [
      'iam_update_assume_role_policy',
      { role: 'sandbox-reader', policy: trust('arn:aws:iam::999988887777:root') },
    ],
    [
      'iam_update_assume_role_policy',
      { role: 'prod-deployer', policy: trust('arn:aws:iam::111122223333:role/github-actions-deployer') },
    ],
    ['confluence_set_space_permissions', { space: 'SEC', anonymous: [] }],
    ['confluence_get_space_permissions', { space: 'SEC', anonymous: ['view'] }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
