/** Fastly API tokens next to "fastly". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'fastly';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FASTLY',
  summary: 'Fastly API tokens next to "fastly"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['fastly'],
      value: /[a-z0-9=_-]{32}/,
      envName: 'FASTLY_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `FASTLY_API_KEY = "${token('fas0a')}"`, secret: token('fas0a'), nonStrict: 'keep' },
      { text: `fastly:\n  credentials: ${token('fas0b')}`, secret: token('fas0b'), nonStrict: 'keep' },
      { text: `const fastlyAuth = '${token('fas0c')}';`, secret: token('fas0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the fastly documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `FASTLY_URL = "https://api.fastly.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `FASTLY_API_KEY = "${'x'.repeat(token('fas0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
