/** Every item of a kind deleted, revoked or stopped at once (src/engine/extract/tool-call/every-item.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { everyItemLines } from '../../../../src/engine/extract/tool-call/every-item.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  everyItemLines(nameWords(name), fields(args)).map((c) => c.code);

describe('everyItemLines', () => {
  it.each([
    [
      'delete_all_backups',
      { vault: 'prod-backup-vault' },
      "agent-guard-action destroy 'set of backups' 'delete_all_backups prod-backup-vault'",
    ],
    [
      'revoke_all_api_keys',
      { organization: 'acme' },
      "agent-guard-action destroy 'set of keys' 'revoke_all_api_keys acme'",
    ],
    [
      'stop_all_instances',
      { tag: 'env=prod' },
      "agent-guard-action suspend 'set of instances' stop_all_instances",
    ],
    [
      'bulk_delete_records',
      { table: 'customers', all: true },
      "agent-guard-action destroy 'set of records' 'bulk_delete_records customers'",
    ],
    [
      'disable_user_accounts',
      { users: '*' },
      "agent-guard-action suspend 'set of accounts' disable_user_accounts",
    ],
    // A filter every record meets (select-all.ts) is no narrowing.
    [
      'linear_archive_issues',
      { filter: { team: { key: { eq: 'ENG' } } } },
      "agent-guard-action suspend 'set of issues' linear_archive_issues",
    ],
    [
      'hubspot_archive_contacts',
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'HAS_PROPERTY' }] }] },
      "agent-guard-action suspend 'set of contacts' hubspot_archive_contacts",
    ],
    // The item's own id selecting everything names no one item.
    [
      'delete_message',
      { message_id: '*', for: 'everyone' },
      "agent-guard-action destroy 'set of message' delete_message",
    ],
  ])('%s %j is %s', (name, args, want) => {
    expect(lines(name, args)).toEqual([want]);
  });

  it.each([
    ['clear_all_caches', {}],
    ['delete_all_merged_branches', { repo: 'acme/web' }],
    ['delete_all_test_records', { table: 'orders' }],
    ['stop_all_dev_servers', {}],
    ['docker_stop_all', {}],
    ['bulk_delete_records', { table: 'customers', ids: ['a', 'b'] }],
    ['gmail_delete_all_messages', { label: 'SPAM' }],
    ['delete_all_stale_branches', { older_than_days: 90 }],
    ['disable_all_lint_rules', { file: 'src/a.ts' }],
    ['list_all_users', {}],
    ['linear_archive_issues', { filter: { team: { key: { eq: 'ENG' } }, labels: { name: { eq: 'dup' } } } }],
    // One item named by its id: `all` elsewhere says who is told or which of its versions go.
    ['delete_calendar_event', { calendarId: 'primary', eventId: '8d2kq1', sendUpdates: 'all' }],
    ['whatsapp_delete_message', { chat_id: '123', message_id: 'ABCD', for: 'everyone' }],
    ['delete_file', { file_id: 'F-1', versions: 'all' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
