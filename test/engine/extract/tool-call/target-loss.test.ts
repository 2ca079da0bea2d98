/** Whole resources lost by what a call does to its target (src/engine/extract/tool-call/target-loss.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { sameOrganisation, targetLossLines } from '../../../../src/engine/extract/tool-call/target-loss.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  targetLossLines(nameWords(name), args).map((c) => c.code);

describe('targetLossLines', () => {
  it.each([
    [
      'github_repos_archive_and_transfer',
      { owner: 'acme-corp', repo: 'core', new_owner: 'devtools-mirror-9' },
    ],
    ['pipeline_trigger', { pipeline: 'infra-prod', variables: { TF_ACTION: 'destroy' } }],
    ['planetscale_branch_reset', { database: 'orders', branch: 'main', from: 'empty-schema' }],
    [
      'redis_eval',
      { host: 'cache.prod', script: "for _,k in ipairs(redis.call('KEYS','*')) do redis.call('DEL',k) end" },
    ],
    ['EpicFHIRManagePatientRecords', { patient_id: 'P-77812', action: 'delete' }],
    ['mailchimp_delete_list', { list_id: 'a1b2c3-main-newsletter-180k' }],
    ['volume_detach_and_release', { volume_ids: ['vol-prod-db-1'], release: true }],
    ['gitlab_project_housekeeping', { project: 'acme/platform', prune: true, scope: 'everything' }],
  ])('%s %j loses the resource', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['transfer_repository', { owner: 'maria-lopez-acme', repo: 'spike', new_owner: 'acme' }],
    ['pipeline_trigger', { pipeline: 'infra-preview-pr-412', variables: { TF_ACTION: 'destroy' } }],
    ['planetscale_branch_reset', { database: 'orders', branch: 'main', from: 'main-backup-2024-11-01' }],
    [
      'redis_eval',
      {
        host: 'cache.prod',
        script: "for _,k in ipairs(redis.call('KEYS','tmp:*')) do redis.call('DEL',k) end",
      },
    ],
    ['EpicFHIRManagePatientRecords', { patient_id: 'P-77812', action: 'read' }],
    ['todo_delete_list', { list_id: 'groceries' }],
    ['gitlab_project_housekeeping', { project: 'acme/platform', prune: true }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });

  it('reads owners that share a word as one organisation', () => {
    expect(sameOrganisation('maria-lopez-acme', 'acme')).toBe(true);
    expect(sameOrganisation('acme-corp', 'devtools-mirror-9')).toBe(false);
  });
});
