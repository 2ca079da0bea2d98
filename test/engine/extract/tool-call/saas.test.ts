/** Hosted-service actions read from a tool's name and argument keys (src/engine/extract/tool-call/saas.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { saasLines } from '../../../../src/engine/extract/tool-call/saas.js';

const effects = (name: string, args: Record<string, unknown>): string[] =>
  saasLines(nameWords(name), fields(args), args).map((c) => c.code.split(' ')[1]!);

describe('saasLines', () => {
  it.each([
    ['vercel_delete_project', { projectId: 'p' }, ['destroy']],
    ['route53_delete_hosted_zone', { Id: 'Z1' }, ['destroy']],
    ['google_drive_share_file', { file_id: 'f', type: 'anyone' }, ['expose']],
    ['gmail_create_filter', { action: { forward: 'a@x.example.com' } }, ['divert']],
    [
      'gmail_update_settings',
      { autoForwarding: { enabled: true, emailAddress: 'a@x.example.com' } },
      ['divert'],
    ],
    ['stripe_create_payout', { amount: 1, destination: 'ba_1' }, ['transfer']],
    ['stripe_update_account', { external_account: { routing_number: '1', account_number: '2' } }, ['divert']],
    ['slack_invite_user', { channel: 'C1', email: 'a@x.example.com', guest: true }, ['grant']],
    ['github_add_deploy_key', { key: 'ssh-ed25519 A', read_only: false }, ['grant']],
    ['github_create_webhook', { config: { url: 'https://x.example.org/h' } }, ['divert']],
    ['cloudflare_update_dns_record', { type: 'A', name: 'a.acme.com', content: '203.0.113.5' }, ['redirect']],
  ])('%s is %j', (name, args, want) => {
    expect(effects(name, args)).toEqual(want);
  });

  it.each([
    ['vercel_delete_deployment', { deploymentId: 'd' }],
    ['google_drive_share_file', { file_id: 'f', type: 'user', emailAddress: 'bob@acme.com' }],
    ['gmail_forward_message', { message_id: 'm', to: 'bob@acme.com' }],
    ['gmail_create_filter', { action: { addLabelIds: ['L1'] } }],
    ['stripe_list_payouts', { limit: 3 }],
    ['stripe_create_customer', { email: 'a@b.example' }],
    ['slack_invite_user', { channel: 'C1', user: 'U1' }],
    ['github_add_deploy_key', { key: 'ssh-ed25519 A', read_only: true }],
    ['github_create_webhook', { config: { url: 'https://hooks.slack.com/services/x' } }],
    ['cloudflare_create_dns_record', { type: 'A', name: 'new.acme.com', content: '203.0.113.5' }],
    ['cloudflare_update_dns_record', { type: 'TXT', name: '_x.acme.com', content: 'v' }],
    ['drop_index', { name: 'idx_users_email' }],
  ])('%s gives nothing', (name, args) => {
    expect(effects(name, args)).toEqual([]);
  });
});
