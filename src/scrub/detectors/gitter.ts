/** Gitter access tokens next to "gitter". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'gitter';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'GITTER',
  summary: 'Gitter access tokens next to "gitter"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['gitter'],
      value: /[a-z0-9_-]{40}/,
      envName: 'GITTER_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `GITTER_API_KEY = "${token('git0a')}"`, secret: token('git0a'), nonStrict: 'keep' },
      { text: `gitter:\n  credentials: ${token('git0b')}`, secret: token('git0b'), nonStrict: 'keep' },
      { text: `const gitterAuth = '${token('git0c')}';`, secret: token('git0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the gitter documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `GITTER_URL = "https://api.gitter.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `GITTER_API_KEY = "${'x'.repeat(token('git0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
