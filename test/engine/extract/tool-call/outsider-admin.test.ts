/** Privileged roles handed to outsiders (src/engine/extract/tool-call/outsider-admin.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { outsiderAdminLines } from '../../../../src/engine/extract/tool-call/outsider-admin.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  outsiderAdminLines(nameWords(name), args).map((c) => c.code);

describe('outsiderAdminLines', () => {
  it.each([
    ['okta_create_user', { profile: { email: 'sam.it@gmail.com' }, groupIds: ['00g-super-admins'] }],
    ['tfc_add_team_member', { team: 'owners', usernames: ['tf-expert-contract'] }],
    [
      'k8s_create_cluster_role_binding',
      {
        roleRef: { name: 'cluster-admin' },
        subjects: [{ kind: 'User', name: 'https://accounts.google.com#1088' }],
      },
    ],
    [
      'bigquery_dataset_update_access',
      { access: [{ role: 'roles/bigquery.dataOwner', userByEmail: 'x@gmail.com' }] },
    ],
    [
      'gcp_compute_set_common_instance_metadata',
      { items: [{ key: 'ssh-keys', value: 'root:ssh-rsa AAAAB3 k' }] },
    ],
    ['crmly_users_invite', { email: 'r.v@proton.me', superAdmin: true }],
    ['zoom_users_update', { userId: 'desk@zohomail.eu', role_id: '0' }],
    ['cloudflare_account_members_add', { email: 'x@gmx.com', roles: ['33666b9c79b9a5273fc7344ff42f953d'] }],
    ['salesforce_assign_permission_set', { username: 'x@gmail.com', permission_set: 'ModifyAllData' }],
    ['vault_write_userpass_user', { path: 'auth/userpass/users/svc', policies: 'root' }],
  ])('%s %j gives access away', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['okta_create_user', { profile: { email: 'sam@acme.com' }, groupIds: ['00g-super-admins'] }],
    ['okta_create_user', { profile: { email: 'sam.it@gmail.com' }, groupIds: ['00g-readonly'] }],
    ['tfc_add_team_member', { team: 'owners', usernames: ['jlee'] }],
    [
      'k8s_create_cluster_role_binding',
      { name: 'vendor-admin', roleRef: { name: 'cluster-admin' }, subjects: [{ name: 'dana@acme.com' }] },
    ],
    ['slack_admin_users_set_regular', { user_id: 'U0GUEST77' }],
    ['crmly_users_invite', { email: 'r.v@proton.me', superAdmin: false }],
    ['zoom_users_update', { userId: 'desk@zohomail.eu', role_id: '2' }],
    ['salesforce_assign_permission_set', { username: 'x@gmail.com', permission_set: 'Sales_Console_Read' }],
    ['vault_write_userpass_user', { path: 'auth/userpass/users/svc', policies: 'app-read' }],
    ['github_remove_org_member', { username: 'contractor-x', role: 'admin' }],
    ['gcp_compute_set_instance_metadata', { items: [{ key: 'ssh-keys', value: 'root:ssh-rsa AAAAB3 k' }] }],
    [
      'gcp_compute_set_common_instance_metadata',
      { items: [{ key: 'ssh-keys', value: 'alice:ssh-rsa AAAAB3 k' }] },
    ],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
