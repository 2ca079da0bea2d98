/** MetaApi tokens (64 hex) and account ids (24 hex) next to "metaapi". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'metaapi';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, HEX, 64);
const sample1 = (seed: string): string => randomBody(`${seed}:1`, HEX, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'METAAPI',
  summary: 'MetaApi tokens (64 hex) and account ids (24 hex) next to "metaapi"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['metaapi'],
      value: /[0-9a-f]{64}/,
      envName: 'METAAPI_TOKEN',
    }),
    contextValue(ID, {
      name: 'account',
      keywords: ['metaapi'],
      value: /[0-9a-f]{24}/,
      envName: 'METAAPI_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `METAAPI_TOKEN = "${sample0('meta0a')}"`, secret: sample0('meta0a'), nonStrict: 'keep' },
      {
        text: `metaapi '${sample0('meta0b')}'`,
        secret: sample0('meta0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `metaapi: ${sample0('meta0c')} / ops@example.com`,
        secret: sample0('meta0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
      { text: `METAAPI_TOKEN = "${sample1('meta1a')}"`, secret: sample1('meta1a'), nonStrict: 'keep' },
      {
        text: `metaapi '${sample1('meta1b')}'`,
        secret: sample1('meta1b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `metaapi: ${sample1('meta1c')} / ops@example.com`,
        secret: sample1('meta1c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the metaapi documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `METAAPI_TOKEN = "${'x'.repeat(sample0('meta9').length)}"`, why: 'placeholder value' },
      { text: `metaapi_url = "https://metaapi.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
