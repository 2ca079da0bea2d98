/** New York Times API tokens next to "nytimes". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'nytimes';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NYTIMES',
  summary: 'New York Times API tokens next to "nytimes"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['nytimes', 'new-york-times', 'newyorktimes'],
      value: /[a-z0-9=_-]{32}/,
      envName: 'NYTIMES_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `NYTIMES_API_KEY = "${token('nyt0a')}"`, secret: token('nyt0a'), nonStrict: 'keep' },
      { text: `nytimes:\n  credentials: ${token('nyt0b')}`, secret: token('nyt0b'), nonStrict: 'keep' },
      { text: `const nytimesAuth = '${token('nyt0c')}';`, secret: token('nyt0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the nytimes documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `NYTIMES_URL = "https://api.nytimes.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `NYTIMES_API_KEY = "${'x'.repeat(token('nyt0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
