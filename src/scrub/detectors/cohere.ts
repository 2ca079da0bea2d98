/** Cohere API keys next to "cohere". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'cohere';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE62, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'COHERE',
  summary: 'Cohere API keys next to "cohere"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['cohere', 'co_api'],
      value: /[A-Za-z0-9]{40}/,
      envName: 'CO_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `COHERE_API_KEY = "${token('coh0a')}"`, secret: token('coh0a'), nonStrict: 'keep' },
      { text: `cohere:\n  credentials: ${token('coh0b')}`, secret: token('coh0b'), nonStrict: 'keep' },
      { text: `const cohereAuth = '${token('coh0c')}';`, secret: token('coh0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the cohere documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `COHERE_URL = "https://api.cohere.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `COHERE_API_KEY = "${'x'.repeat(token('coh0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
