/** Cloudsmith API keys (40 hex) next to "cloudsmith". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'cloudsmith';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOUDSMITH',
  summary: 'Cloudsmith API keys (40 hex) next to "cloudsmith"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['cloudsmith'],
      value: /[0-9a-f]{40}/,
      envName: 'CLOUDSMITH_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `CLOUDSMITH_API_KEY = "${sample0('clou0a')}"`, secret: sample0('clou0a'), nonStrict: 'keep' },
      {
        text: `cloudsmith '${sample0('clou0b')}'`,
        secret: sample0('clou0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `cloudsmith: ${sample0('clou0c')} / ops@example.com`,
        secret: sample0('clou0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the cloudsmith documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `CLOUDSMITH_API_KEY = "${'x'.repeat(sample0('clou9').length)}"`, why: 'placeholder value' },
      { text: `cloudsmith_url = "https://cloudsmith.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
