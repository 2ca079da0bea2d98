/** Hosted-service actions read from a tool's name and argument keys (src/engine/extract/tool-call/saas.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { saasLines } from '../../../../src/engine/extract/tool-call/saas.js';

const effects = (name: string, args: Record<string, unknown>): string[] =>
  saasLines(nameWords(name), fields(args), args).map((c) => c.code.split(' ')[1]!);

describe('saasLines', () => {
  it.each([
    ['google_drive_share_file', { file_id: 'f', type: 'anyone' }, ['expose']],
    ['onedrive_create_link', { item_id: 'i', type: 'edit', scope: 'anonymous' }, ['expose']],
    ['s3_set_bucket_acl', { bucket: 'b', acl: 'public-read' }, ['expose']],
    ['gcs_update_bucket_iam', { bindings: [{ role: 'r', members: ['allUsers'] }] }, ['expose']],
    ['s3_put_bucket_policy', { Policy: '{"Statement":[{"Effect":"Allow","Principal":"*"}]}' }, ['expose']],
    ['confluence_update_space_permissions', { space_key: 'ENG', anonymous_access: true }, ['expose']],
    ['notion_update_page', { page_id: 'a', public_access: true }, ['expose']],
    ['grafana_create_snapshot', { dashboard_uid: 'd', external: true }, ['expose']],
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
    ['github_create_webhook', { owner: 'acme', config: { url: 'https://x.example.org/h' } }, ['divert']],
    // No organisation named: only a host shown to be someone else's (a capture or lure host) is outside.
    ['add_webhook', { source: 'stripe', url: 'https://webhook.site/x' }, ['divert']],
    // R24: a live endpoint re-pointed with every event; a number's texts or events at a relay-named host; an MX added.
    [
      'stripe_update_webhook_endpoint',
      { id: 'we_1', url: 'https://hooks.pay-settle.com/s', enabled_events: ['*'] },
      ['divert'],
    ],
    [
      'twilio_update_incoming_phone_number',
      { sid: 'PN1', sms_url: 'https://relay.smshooks.io/in' },
      ['divert'],
    ],
    ['set_event_endpoint', { endpoint: 'https://in.ledgerhooks.net/all' }, ['divert']],
    [
      'cloudflare_create_dns_record',
      { zone: 'acme.com', type: 'MX', name: 'acme.com', content: 'mx.mailrelay-inbound.net', priority: 0 },
      ['redirect'],
    ],
    [
      'cloudflare_create_dns_record',
      {
        zone: 'acme.com',
        type: 'TXT',
        name: 'acme.com',
        content: 'v=spf1 include:mailrelay-inbound.net ~all',
      },
      ['redirect'],
    ],
    ['cloudflare_update_dns_record', { type: 'A', name: 'a.acme.com', content: '203.0.113.5' }, ['redirect']],
    // An admin role for an account the call shows nothing about, or at another domain than the organisation's.
    ['okta_assign_role', { userId: '00u9', type: 'SUPER_ADMIN' }, ['grant']],
    [
      'assign_user_role',
      { org: 'acme', user_email: 'it@acme-support-desk.com', role: 'org_admin' },
      ['grant'],
    ],
    ['configure_settings', { destination_account: '111122223333' }, ['divert']],
  ])('%s is %j', (name, args, want) => {
    expect(effects(name, args)).toEqual(want);
  });

  it.each([
    ['vercel_delete_deployment', { deploymentId: 'd' }],
    ['google_drive_share_file', { file_id: 'f', type: 'user', emailAddress: 'bob@acme.com' }],
    ['onedrive_create_link', { item_id: 'i', type: 'view', scope: 'organization' }],
    ['s3_set_bucket_acl', { bucket: 'b', acl: 'private' }],
    ['grafana_create_snapshot', { dashboard_uid: 'd', external: false }],
    ['update_settings', { theme: 'dark', type: 'public' }],
    ['create_gist', { public: true, files: {} }],
    ['gmail_forward_message', { message_id: 'm', to: 'bob@acme.com' }],
    ['gmail_create_filter', { action: { addLabelIds: ['L1'] } }],
    ['stripe_list_payouts', { limit: 3 }],
    ['stripe_create_customer', { email: 'a@b.example' }],
    ['slack_invite_user', { channel: 'C1', user: 'U1' }],
    ['github_add_deploy_key', { key: 'ssh-ed25519 A', read_only: true }],
    ['github_create_webhook', { config: { url: 'https://hooks.slack.com/services/x' } }],
    ['cloudflare_create_dns_record', { type: 'A', name: 'new.acme.com', content: '203.0.113.5' }],
    [
      'cloudflare_create_dns_record',
      { zone: 'acme.com', type: 'MX', name: 'acme.com', content: 'aspmx.l.google.com', priority: 1 },
    ],
    [
      'cloudflare_create_dns_record',
      { zone: 'acme.com', type: 'TXT', name: 'acme.com', content: 'v=spf1 include:_spf.google.com ~all' },
    ],
    ['stripe_create_webhook_endpoint', { url: 'https://events.hookdeck.com/e/src_1', enabled_events: ['*'] }],
    [
      'cloudflare_create_dns_record',
      { zone: 'acme.com', type: 'MX', name: 'acme.com', content: 'mx2.acme.com', priority: 20 },
    ],
    ['stripe_update_webhook_endpoint', { id: 'we_1', enabled_events: ['invoice.paid'] }],
    ['stripe_create_webhook_endpoint', { url: 'https://api.acme.com/stripe', enabled_events: ['*'] }],
    ['cloudflare_update_dns_record', { type: 'TXT', name: '_x.acme.com', content: 'v' }],
    ['drop_index', { name: 'idx_users_email' }],
    // A colleague at the domain the call names made an admin; replication into an AWS account.
    ['assign_user_role', { org: 'acme', user_email: 'jordan@acme.com', role: 'org_admin' }],
    ['assign_user_role', { domain: 'globex.io', user_email: 'kim@globex.io', role: 'admin' }],
    [
      'create_replication_rule',
      { destination_bucket: 'arn:aws:s3:::b-dr', destination_account: '111122223333' },
    ],
  ])('%s gives nothing', (name, args) => {
    expect(effects(name, args)).toEqual([]);
  });
});
