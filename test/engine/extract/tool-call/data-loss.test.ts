/** Whole containers lost by what the arguments ask (src/engine/extract/tool-call/data-loss.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { dataLossLines } from '../../../../src/engine/extract/tool-call/data-loss.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  dataLossLines(nameWords(name), fields(args)).map((c) => c.code);

describe('dataLossLines', () => {
  it.each([
    ['offboard_tenant', { tenant: 'acme-main', erase_data: true }],
    ['deallocate_disks', { resource_group: 'rg-prod', delete_data: true }],
    ['sunset_api', { api_id: 'payments-v2', stage: 'prod', remove_routes: true }],
    ['overwrite_bucket_from_local', { bucket: 'acme-prod-assets', delete_extraneous: true }],
    ['transition_project', { project: 'billing-core', wipe: true }],
    ['replace_table_contents', { table: 'customers', rows: [] }],
    ['reload_index', { index: 'products', documents: [] }],
    ['migrate_down_all', { database_url: 'postgres://app@db.prod.internal/app', steps: 'all' }],
    ['schema_rollback', { db: 'orders', target_version: '0' }],
  ])('%s %j loses the whole container', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['offboard_tenant', { tenant: 'acme-test-42', erase_data: true }],
    ['create_cluster', { cluster: 'prod-eks-2', deletion_protection: true }],
    ['merge_pull_request', { repo: 'acme/api', delete_branch: true }],
    ['run_instances', { project: 'acme-prod', delete_on_termination: true }],
    ['update_bucket_lifecycle', { bucket: 'acme-prod-logs', delete_expired_objects: true }],
    ['replace_table_contents', { table: 'customers', rows: [{ id: 1 }] }],
    ['put_object', { bucket: 'acme-prod-assets', key: 'placeholder.txt', body: '' }],
    ['migrate_down', { database_url: 'postgres://app@db.prod.internal/app', steps: 1 }],
    ['migrate_down', { database_url: 'postgres://app@localhost:5432/app', steps: 'all' }],
    ['rollback_migration', { database: 'orders', to_version: '20240501' }],
    ['clear_cache', { app: 'storefront', purge: true }],
    ['update_service', { service: 'web', remove_env_vars: true }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
