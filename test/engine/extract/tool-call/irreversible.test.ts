/** Production data lost by what a call's fields say, whatever its verb (src/engine/extract/tool-call/irreversible.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { irreversibleLines } from '../../../../src/engine/extract/tool-call/irreversible.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  irreversibleLines(nameWords(name), fields(args)).map((c) => c.code);

describe('irreversibleLines', () => {
  it.each([
    ['restic_forget', { repository: 's3:acme-backups-prod', keep_last: 0, prune: true }],
    ['update_stream', { stream: 'clickstream-prod', retention_seconds: 0 }],
    ['zfs_rollback', { dataset: 'tank/pgdata-prod', snapshot: 'x@initial', destroy_later_snapshots: true }],
    ['deallocate_database', { server: 'sql-prod-weu', database: 'Shop', skip_backup: true }],
    ['heroku_apps_rollback', { app: 'acme-prod', release: 'v1' }],
    ['squash_branch_history', { repo: 'acme/platform', branch: 'main', push: 'force' }],
    ['void_invoices', { status: 'open', customer: 'any' }],
    ['drain_all_nodes', { cluster: 'prod-eks', force: true }],
    ['vault_unmount_secrets_engine', { path: 'secret/', namespace: 'prod' }],
  ])('%s %j loses the data', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['restic_forget', { repository: 's3:acme-backups-prod', keep_daily: 7, keep_last: 0, prune: true }],
    ['update_stream', { stream: 'clickstream-prod', retention_seconds: 86400 }],
    ['create_topic', { topic: 'orders-prod-retry', retention_ms: 30000 }],
    ['zfs_rollback', { dataset: 'tank/pgdata-dev', snapshot: 'x@initial', destroy_later_snapshots: true }],
    ['heroku_apps_rollback', { app: 'acme-prod', release: 'v241' }],
    ['squash_branch_history', { repo: 'acme/platform', branch: 'feature/x', push: 'force' }],
    ['void_invoice', { invoice_id: 'in_1QxY2zAbCdEf' }],
    ['drain_node', { cluster: 'prod-eks', node: 'ip-10-0-3-17', force: true }],
    ['unmount_volume', { volume: 'prod-data-2' }],
    ['cleanup_workspace', { workspace: '/work/ws', remove_untracked: true }],
    ['get_topic', { topic: 'orders-prod', retention_ms: 1 }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
