/** Confluent access tokens and secrets next to "confluent". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'confluent';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CONFLUENT',
  summary: 'Confluent access tokens and secrets next to "confluent"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['confluent'],
      value: /[a-z0-9]{64}|[a-z0-9]{16}/,
      envName: 'CONFLUENT_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `CONFLUENT_API_KEY = "${token('con0a')}"`, secret: token('con0a'), nonStrict: 'keep' },
      { text: `confluent:\n  credentials: ${token('con0b')}`, secret: token('con0b'), nonStrict: 'keep' },
      { text: `const confluentAuth = '${token('con0c')}';`, secret: token('con0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the confluent documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `CONFLUENT_URL = "https://api.confluent.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `CONFLUENT_API_KEY = "${'x'.repeat(token('con0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
