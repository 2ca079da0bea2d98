/** Vouchery API keys (36) next to "vouchery". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'vouchery';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'VOUCHERY',
  summary: 'Vouchery API keys (36) next to "vouchery"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['vouchery'],
      value: /[a-z0-9]{36}/,
      envName: 'VOUCHERY_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `VOUCHERY_API_KEY = "${sample0('vouc0a')}"`, secret: sample0('vouc0a'), nonStrict: 'keep' },
      {
        text: `vouchery '${sample0('vouc0b')}'`,
        secret: sample0('vouc0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `vouchery: ${sample0('vouc0c')} / ops@example.com`,
        secret: sample0('vouc0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the vouchery documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `VOUCHERY_API_KEY = "${'x'.repeat(sample0('vouc9').length)}"`, why: 'placeholder value' },
      { text: `vouchery_url = "https://vouchery.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
