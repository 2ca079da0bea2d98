/** Algolia admin API keys next to "algolia". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'algolia';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ALGOLIA',
  summary: 'Algolia admin API keys next to "algolia"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['algolia'],
      value: /[a-f0-9]{32}/,
      envName: 'ALGOLIA_ADMIN_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `ALGOLIA_API_KEY = "${token('alg0a')}"`, secret: token('alg0a'), nonStrict: 'keep' },
      { text: `algolia:\n  credentials: ${token('alg0b')}`, secret: token('alg0b'), nonStrict: 'keep' },
      { text: `const algoliaAuth = '${token('alg0c')}';`, secret: token('alg0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the algolia documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `ALGOLIA_URL = "https://api.algolia.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `ALGOLIA_API_KEY = "${'x'.repeat(token('alg0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
