/** Whole hosted resources deleted, emptied or paused (src/engine/extract/tool-call/whole-resource.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { wholeResourceLines } from '../../../../src/engine/extract/tool-call/whole-resource.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  wholeResourceLines(nameWords(name), fields(args)).map((c) => c.code);

describe('wholeResourceLines', () => {
  it.each([
    ['vercel_delete_project', { projectId: 'p' }, 'agent-guard-action destroy project vercel_delete_project'],
    [
      'route53_delete_hosted_zone',
      { Id: 'Z1' },
      'agent-guard-action destroy zone route53_delete_hosted_zone',
    ],
    [
      'algolia_delete_index',
      { index_name: 'prod_products' },
      'agent-guard-action destroy index algolia_delete_index',
    ],
    [
      'cloudflare_r2_delete_bucket',
      { bucket: 'acme-prod-assets' },
      'agent-guard-action destroy bucket cloudflare_r2_delete_bucket',
    ],
    [
      'airtableDeleteTable',
      { baseId: 'app', tableId: 'tblCustomers' },
      'agent-guard-action destroy table airtable_delete_table',
    ],
    [
      'slack_admin_delete_channel',
      { channel_id: 'C0GENERAL' },
      'agent-guard-action destroy channel slack_admin_delete_channel',
    ],
    ['index_delete', { uid: 'products' }, 'agent-guard-action destroy index index_delete'],
    ['empty_bucket', { bucket: 'acme-prod-uploads' }, 'agent-guard-action destroy bucket empty_bucket'],
    [
      'azure_delete_resource_group',
      { name: 'rg-prod' },
      "agent-guard-action destroy 'resource group' azure_delete_resource_group",
    ],
    ['pause_project', { project_id: 'abcd1234' }, 'agent-guard-action suspend project pause_project'],
    [
      'typesense',
      { action: 'delete_collection', collection_id: 'c' },
      'agent-guard-action destroy collection typesense',
    ],
    [
      'redis_flushdb',
      { db: 0, host: 'redis.prod.internal' },
      'redis-cli -h redis.prod.internal -n 0 FLUSHDB',
    ],
    ['valkey_flushall', {}, 'redis-cli FLUSHALL'],
    ['delete_branch', { owner: 'acme', repo: 'platform', branch: 'main' }, 'git push origin --delete main'],
  ])('%s %j is %s', (name, args, want) => {
    expect(lines(name, args)).toEqual([want]);
  });

  it.each([
    ['slack_delete_message', { channel: 'C1', ts: '1712.55' }],
    ['slack_remove_user_from_channel', { channel: 'C1', user: 'U1' }],
    ['remove_member_from_project', { project_id: 'p', user_id: 'u' }],
    ['airtable_delete_record', { base_id: 'app', table_id: 'tbl', record_id: 'rec1' }],
    ['delete_objects_from_bucket', { bucket: 'acme-prod', prefix: 'tmp/' }],
    ['s3_delete_bucket', { bucket: 'acme-prod', key: 'a.txt' }],
    ['algolia_delete_index', { index_name: 'test_products' }],
    ['pinecone_delete_index', { name: 'dev-embeddings' }],
    ['delete_bucket', { bucket: 'ci-artifacts-tmp' }],
    ['drop_index', { name: 'idx_users_email' }],
    ['drop_index', { index: 'orders_customer_id_idx', table: 'orders' }],
    ['drop_table', { table: 'users' }],
    ['delete_branch', { owner: 'acme', repo: 'platform', branch: 'feature/login' }],
    ['pause_instance', { instance_id: 'i-1' }],
    ['slack_archive_channel', { channel: 'C1' }],
    ['vercel_delete_deployment', { deploymentId: 'd' }],
    ['delete_repo_secret', { owner: 'o', repo: 'r', secret_name: 'X' }],
    ['list_buckets', {}],
    ['todo', { action: 'delete_item', id: '3' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
