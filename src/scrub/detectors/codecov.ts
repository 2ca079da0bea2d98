/** Codecov upload tokens next to "codecov". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'codecov';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CODECOV',
  summary: 'Codecov upload tokens next to "codecov"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['codecov'],
      value: /[a-z0-9]{32}/,
      envName: 'CODECOV_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `CODECOV_API_KEY = "${token('cod0a')}"`, secret: token('cod0a'), nonStrict: 'keep' },
      { text: `codecov:\n  credentials: ${token('cod0b')}`, secret: token('cod0b'), nonStrict: 'keep' },
      { text: `const codecovAuth = '${token('cod0c')}';`, secret: token('cod0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the codecov documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `CODECOV_URL = "https://api.codecov.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `CODECOV_API_KEY = "${'x'.repeat(token('cod0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
