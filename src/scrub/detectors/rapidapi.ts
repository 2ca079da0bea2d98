/** RapidAPI access tokens next to "rapidapi". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'rapidapi';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 50);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'RAPIDAPI',
  summary: 'RapidAPI access tokens next to "rapidapi"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['rapidapi'],
      value: /[a-z0-9_-]{50}/,
      envName: 'RAPIDAPI_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `RAPIDAPI_API_KEY = "${token('rap0a')}"`, secret: token('rap0a'), nonStrict: 'keep' },
      { text: `rapidapi:\n  credentials: ${token('rap0b')}`, secret: token('rap0b'), nonStrict: 'keep' },
      { text: `const rapidapiAuth = '${token('rap0c')}';`, secret: token('rap0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the rapidapi documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `RAPIDAPI_URL = "https://api.rapidapi.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `RAPIDAPI_API_KEY = "${'x'.repeat(token('rap0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
