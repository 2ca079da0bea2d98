/** Mistral API keys next to "mistral". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'mistral';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MISTRAL',
  summary: 'Mistral API keys next to "mistral"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['mistral'],
      value: /[A-Za-z0-9]{32}/,
      envName: 'MISTRAL_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `MISTRAL_API_KEY = "${token('mis0a')}"`, secret: token('mis0a'), nonStrict: 'keep' },
      { text: `mistral:\n  credentials: ${token('mis0b')}`, secret: token('mis0b'), nonStrict: 'keep' },
      { text: `const mistralAuth = '${token('mis0c')}';`, secret: token('mis0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the mistral documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `MISTRAL_URL = "https://api.mistral.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `MISTRAL_API_KEY = "${'x'.repeat(token('mis0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
