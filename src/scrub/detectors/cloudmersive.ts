/** Cloudmersive API keys (36) next to "cloudmersive". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'cloudmersive';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOUDMERSIVE',
  summary: 'Cloudmersive API keys (36) next to "cloudmersive"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['cloudmersive'],
      value: /[a-z0-9-]{36}/,
      envName: 'CLOUDMERSIVE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `CLOUDMERSIVE_API_KEY = "${sample0('clou0a')}"`, secret: sample0('clou0a'), nonStrict: 'keep' },
      {
        text: `cloudmersive '${sample0('clou0b')}'`,
        secret: sample0('clou0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `cloudmersive: ${sample0('clou0c')} / ops@example.com`,
        secret: sample0('clou0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the cloudmersive documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `CLOUDMERSIVE_API_KEY = "${'x'.repeat(sample0('clou9').length)}"`, why: 'placeholder value' },
      {
        text: `cloudmersive_url = "https://cloudmersive.example.com/v1/items"`,
        why: 'a URL, not a credential',
      },
    ],
  },
});
