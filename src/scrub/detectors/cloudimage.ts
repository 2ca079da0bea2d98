/** Cloudimage API keys (30) next to "cloudimage". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'cloudimage';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 30);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOUDIMAGE',
  summary: 'Cloudimage API keys (30) next to "cloudimage"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['cloudimage'],
      value: /[a-z0-9_]{30}/,
      envName: 'CLOUDIMAGE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `CLOUDIMAGE_API_KEY = "${sample0('clou0a')}"`, secret: sample0('clou0a'), nonStrict: 'keep' },
      {
        text: `cloudimage '${sample0('clou0b')}'`,
        secret: sample0('clou0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `cloudimage: ${sample0('clou0c')} / ops@example.com`,
        secret: sample0('clou0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the cloudimage documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `CLOUDIMAGE_API_KEY = "${'x'.repeat(sample0('clou9').length)}"`, why: 'placeholder value' },
      { text: `cloudimage_url = "https://cloudimage.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
