/** Finnhub access tokens next to "finnhub". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'finnhub';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 20);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FINNHUB',
  summary: 'Finnhub access tokens next to "finnhub"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['finnhub'],
      value: /[a-z0-9]{20}/,
      envName: 'FINNHUB_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `FINNHUB_API_KEY = "${token('fin0a')}"`, secret: token('fin0a'), nonStrict: 'keep' },
      { text: `finnhub:\n  credentials: ${token('fin0b')}`, secret: token('fin0b'), nonStrict: 'keep' },
      { text: `const finnhubAuth = '${token('fin0c')}';`, secret: token('fin0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the finnhub documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `FINNHUB_URL = "https://api.finnhub.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `FINNHUB_API_KEY = "${'x'.repeat(token('fin0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
