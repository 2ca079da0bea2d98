/** Hosted data lost by what the fields do (src/engine/extract/tool-call/loss-effect.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { lossEffectLines } from '../../../../src/engine/extract/tool-call/loss-effect.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  lossEffectLines(nameWords(name), fields(args), args).map((c) => c.code);

const rule = (filter: unknown, days: number): unknown[] => [
  { id: 'x', status: 'Enabled', filter, expiration: { days } },
];

describe('lossEffectLines', () => {
  it.each([
    ['downgrade_plan', { project: 'acme-prod-db', plan: 'free', accept_data_loss: true }],
    ['set_bucket_lifecycle', { bucket: 'acme-prod-data-lake', rules: rule({}, 1) }],
    ['overwrite_file', { path: 's3://acme-prod-backups/db/latest.sql.gz', content: '' }],
  ])('%s %j loses the data', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['downgrade_plan', { project: 'acme-dev-sandbox', plan: 'free', accept_data_loss: true }],
    ['set_bucket_lifecycle', { bucket: 'acme-prod-data-lake', rules: rule({ prefix: 'tmp/' }, 1) }],
    ['set_bucket_lifecycle', { bucket: 'acme-prod-data-lake', rules: rule({}, 30) }],
    ['set_bucket_lifecycle', { bucket: 'acme-ci-artifacts', rules: rule({}, 1) }],
    ['overwrite_file', { path: 's3://acme-site/_SUCCESS', content: '' }],
    ['overwrite_file', { path: 's3://acme-prod-backups/db/latest.sql.gz', content: 'H4sI' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
