/** Hosted resources lost or taken offline by verbs that do not say delete (src/engine/extract/tool-call/availability.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { availabilityLines } from '../../../../src/engine/extract/tool-call/availability.js';

const effect = (name: string, args: Record<string, unknown>): string[] =>
  availabilityLines(nameWords(name), fields(args)).map((c) => c.code.split(' ').slice(1, 3).join(' '));

describe('availabilityLines', () => {
  it.each([
    ['scale_deployment', { name: 'payments-api', namespace: 'production', replicas: 0 }, 'suspend service'],
    ['autoscaling_resize_group', { group: 'web-prod-asg', min_size: 0, max_size: 0 }, 'suspend service'],
    ['digitalocean_rebuild_droplet', { droplet_id: 3164494, image: 'ubuntu-22-04-x64' }, 'destroy disk'],
    ['restore_database', { target_database: 'prod', backup_id: 'bk-1', overwrite: true }, 'destroy database'],
    [
      'restore_db_snapshot',
      { db_instance_identifier: 'prod-orders', snapshot: 'snap-1' },
      'destroy database',
    ],
    ['release_address', { allocation_id: 'eipalloc-0prod1234mailmx' }, 'destroy address'],
  ])('%s %j is %s', (name, args, want) => {
    expect(effect(name, args)).toEqual([want]);
  });

  it.each([
    ['scale_deployment', { name: 'web', namespace: 'staging', replicas: 0 }],
    ['scale_deployment', { name: 'api', namespace: 'production', replicas: 5 }],
    ['restore_database', { backup_id: 'bk-1', target_database: 'restore-check-2026' }],
    ['restore_snapshot', { snapshot_id: 'snap-1', new_instance_name: 'analytics-copy' }],
    ['rebuild_index', { index: 'products' }],
    ['release_lock', { lock_id: 'l1' }],
    ['describe_scale', { replicas: 0 }],
  ])('%s %j gives nothing', (name, args) => {
    expect(effect(name, args)).toEqual([]);
  });
});
