/** Checkvist remote API keys (14) next to "checkvist". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'checkvist';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 14);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CHECKVIST',
  summary: 'Checkvist remote API keys (14) next to "checkvist"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['checkvist'],
      value: /[\w.-]{14}/,
      envName: 'CHECKVIST_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `CHECKVIST_API_KEY = "${sample0('chec0a')}"`, secret: sample0('chec0a'), nonStrict: 'keep' },
      {
        text: `checkvist '${sample0('chec0b')}'`,
        secret: sample0('chec0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `checkvist: ${sample0('chec0c')} / ops@example.com`,
        secret: sample0('chec0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the checkvist documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `CHECKVIST_API_KEY = "${'x'.repeat(sample0('chec9').length)}"`, why: 'placeholder value' },
      { text: `checkvist_url = "https://checkvist.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
