/** Currencycloud API keys (64 hex) next to "currencycloud". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'currencycloud';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CURRENCYCLOUD',
  summary: 'Currencycloud API keys (64 hex) next to "currencycloud"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['currencycloud'],
      value: /[0-9a-f]{64}/,
      envName: 'CURRENCYCLOUD_API_KEY',
    }),
  ],
  examples: {
    positive: [
      {
        text: `CURRENCYCLOUD_API_KEY = "${sample0('curr0a')}"`,
        secret: sample0('curr0a'),
        nonStrict: 'keep',
      },
      {
        text: `currencycloud '${sample0('curr0b')}'`,
        secret: sample0('curr0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `currencycloud: ${sample0('curr0c')} / ops@example.com`,
        secret: sample0('curr0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the currencycloud documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `CURRENCYCLOUD_API_KEY = "${'x'.repeat(sample0('curr9').length)}"`, why: 'placeholder value' },
      {
        text: `currencycloud_url = "https://currencycloud.example.com/v1/items"`,
        why: 'a URL, not a credential',
      },
    ],
  },
});
