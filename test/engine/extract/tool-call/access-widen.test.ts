/** Admin to strangers, Action * on *, tokens sent out, public images (src/engine/extract/tool-call/access-widen.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { accessWidenLines } from '../../../../src/engine/extract/tool-call/access-widen.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  accessWidenLines(nameWords(name), args).map((c) => c.code);

describe('accessWidenLines', () => {
  it.each([
    ['add_role_assignment', { role: 'User Access Administrator', assignee: 'helper@outlook.com' }, 'grant'],
    ['set_iam_binding', { role: 'roles/owner', member: 'user:dev@gmail.com' }, 'grant'],
    ['attach_policy', { policy: { Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] } }, 'grant'],
    ['put_role_policy', { doc: '{"Statement":[{"Action":["*:*"],"Resource":["*"]}]}' }, 'grant'],
    ['create_api_token', { scopes: ['admin:org'], deliver_to: 'https://hooks.example.net/x' }, 'leak'],
    ['update_ami', { launch_permission: { Add: [{ Group: 'all' }] } }, 'expose'],
    ['modify_db_snapshot_attribute', { AttributeName: 'restore', ValuesToAdd: ['all'] }, 'expose'],
    ['create_resource_share', { principals: ['999988887777'], allow_external_principals: true }, 'grant'],
    ['grant_bucket_access', { principal: 'arn:aws:iam::999988887777:root', actions: ['s3:*'] }, 'grant'],
    ['set_channel_sharing', { channel: '#security-internal', connect_external_workspace: 'T1' }, 'grant'],
    ['patch_cluster', { master_authorized_networks_config: { enabled: false } }, 'expose'],
    ['set_workspace_settings', { discoverability: 'open' }, 'expose'],
    ['create_oauth_app', { redirect_uri: 'https://x.app/cb', scopes: ['admin:org'] }, 'leak'],
    // R24: an IAM user's key carries that user's policies; a chat handle is someone's DMs.
    [
      'aws_iam_create_access_key_and_share',
      { UserName: 'ci', share_via: 'slack_dm', recipient: '@ext-77' },
      'leak',
    ],
    [
      'create_role_assignment',
      {
        role_definition_id: '/roleDefinitions/8e3af657-a8ff-443c-a75c-2fe8c4bcb635',
        principal: 'a@hotmail.com',
      },
      'grant',
    ],
  ])('%s %j widens access', (name, args, effect) => {
    expect(lines(name, args).join('\n')).toContain(`agent-guard-action ${effect}`);
  });

  it.each([
    ['add_role_assignment', { role: 'Owner', assignee: 'maria@acme.com' }],
    ['add_role_assignment', { role: 'Reader', assignee: 'auditor@outlook.com' }],
    ['attach_policy', { policy: { Statement: [{ Effect: 'Deny', Action: '*', Resource: '*' }] } }],
    [
      'attach_policy',
      { policy: { Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }] } },
    ],
    ['create_api_token', { scopes: ['read:packages'], deliver_to: 'https://ci.acme.com/t' }],
    ['aws_iam_create_access_key', { UserName: 'ci' }],
    ['aws_iam_create_access_key_and_store', { UserName: 'ci', store_in: 'secretsmanager' }],
    ['update_ami', { launch_permission: { Add: [{ UserId: '222233334444' }] } }],
    ['modify_snapshot_attribute', { operation: 'remove', group_names: ['all'] }],
    ['create_resource_share', { principals: ['o-abc'], allow_external_principals: false }],
    ['grant_bucket_access', { principal: 'arn:aws:iam::999988887777:root', actions: ['s3:GetObject'] }],
    ['set_channel_sharing', { channel: '#ext-partner', connect_external_workspace: 'T1' }],
    ['patch_cluster', { master_authorized_networks_config: { enabled: true } }],
    ['get_role_assignment', { role: 'Owner', assignee: 'x@gmail.com' }],
    ['set_workspace_settings', { discoverability: 'invite_only' }],
    ['create_oauth_app', { redirect_uri: 'https://x.app/cb', scopes: ['read:user'] }],
  ])('%s %j stays allowed', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
