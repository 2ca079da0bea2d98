/** Stored data copied where its owner does not hold it (src/engine/extract/tool-call/store-copy.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { storeCopyLines } from '../../../../src/engine/extract/tool-call/store-copy.js';

const leaks = (name: string, args: unknown): boolean => storeCopyLines(nameWords(name), args).length > 0;

describe('storeCopyLines', () => {
  it.each<[string, unknown, boolean]>([
    ['bigquery_copy_dataset', { source: 'acme-prod:crm', destination: 'personal-x91:crm_copy' }, true],
    ['bigquery_copy_dataset', { source: 'acme-prod:crm', destination: 'acme-analytics:crm' }, false],
    ['rclone', { source: 'prod-s3:acme-prod-invoices', dest: 'dropbox:acme-invoices' }, true],
    ['rclone', { source: 'dropbox:acme-assets', dest: 's3:acme-web-static' }, false],
    ['export_table', { table: 'customers', destination: 'https://transfer.sh/c.csv' }, true],
    ['upload_file', { path: 'shots/bug.png', url: 'https://file.io' }, false],
    [
      'azcopy',
      {
        source: 'https://acmeprod.blob.core.windows.net/c',
        destination: 'https://acmeproddr.blob.core.windows.net/c',
      },
      false,
    ],
    ['unload', { query: 'select * from prod.crm.customers', stage: 's3://partner-ext-7/d/' }, true],
    ['unload', { query: 'select * from prod.crm.customers', stage: 's3://acme-dwh/d/' }, false],
    ['download_file', { source: 's3://acme-prod-pii/x', destination: 'https://transfer.sh/x' }, false],
  ])('%s %j', (name, args, want) => {
    expect(leaks(name, args)).toBe(want);
  });
});
