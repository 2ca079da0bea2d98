/** mite API keys (16) next to "mite". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'mite';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 16);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MITE',
  summary: 'mite API keys (16) next to "mite"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['mite'],
      value: /[0-9a-z]{16}/,
      envName: 'MITE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `MITE_API_KEY = "${sample0('mite0a')}"`, secret: sample0('mite0a'), nonStrict: 'keep' },
      {
        text: `mite '${sample0('mite0b')}'`,
        secret: sample0('mite0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `mite: ${sample0('mite0c')} / ops@example.com`,
        secret: sample0('mite0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the mite documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `MITE_API_KEY = "${'x'.repeat(sample0('mite9').length)}"`, why: 'placeholder value' },
      { text: `mite_url = "https://mite.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
