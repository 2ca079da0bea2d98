/** Records published by a data product's visibility (src/engine/extract/tool-call/listing-open.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { listingOpenLines } from '../../../../src/engine/extract/tool-call/listing-open.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  listingOpenLines(nameWords(name), args).map((c) => c.code);

describe('listingOpenLines', () => {
  it.each([
    [
      'snowflake_create_listing',
      { share: 'CRM_SHARE', objects: ['CRM.PUBLIC.CUSTOMERS'], visibility: 'public' },
    ],
    [
      'analyticshub_create_listing',
      { dataset: 'projects/acme-prod/datasets/orders', discoveryType: 'DISCOVERY_TYPE_PUBLIC' },
    ],
    ['huggingface_create_dataset_repo', { repo_id: 'acme/support-tickets', private: false }],
  ])('%s %j publishes records', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    [
      'snowflake_create_listing',
      { share: 'CRM_SHARE', objects: ['CRM.PUBLIC.CUSTOMERS'], visibility: 'private' },
    ],
    [
      'snowflake_create_listing',
      { share: 'WEATHER', objects: ['OPEN_DATA.PUBLIC.WEATHER_SAMPLES'], visibility: 'public' },
    ],
    ['npm_publish', { package: '@acme/users-sdk', access: 'public' }],
    ['snowflake_delete_listing', { share: 'CRM_SHARE', visibility: 'public', objects: ['CUSTOMERS'] }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
