/** Sweep verbs, verb-only names and `x_and_delete` names read as deletes (src/engine/extract/tool-call/sweep-verbs.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { sweepLines } from '../../../../src/engine/extract/tool-call/sweep-verbs.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  sweepLines(nameWords(name), fields(args)).map((c) => c.code);

describe('sweepLines', () => {
  it.each([
    ['reap_database', { database: 'orders_production' }],
    ['sweep_namespace', { namespace: 'payments', all_resources: true }],
    ['cloud.storage.evict', { target: 'gs://acme-data-lake', scope: 'everything' }],
    ['wipeout', { resource: 'database', name: 'billing-prod' }],
    ['org_leave_and_delete', { org: 'acme' }],
    ['flush_cache', { cache: 'redis', cluster: 'sessions-prod' }],
  ])('%s %j takes the whole resource', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['cleanup_workspace', { workspace: '/work/ws' }],
    ['sweep_namespace', { namespace: 'pr-1432-preview', all_resources: true }],
    ['evict_pod', { pod: 'api-7f9c', namespace: 'payments-prod' }],
    ['delete_database', { database: 'orders_production' }],
    ['delete', { type: 'message', id: 'm-1' }],
    ['flush_cache', { cache: 'redis', cluster: 'sessions-prod', pattern: 'flags:*' }],
    ['purge_cache', { cache: 'cdn', zone: 'acme-prod' }],
  ])('%s %j gives nothing here', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
