/** Coinbase access tokens next to "coinbase". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'coinbase';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'COINBASE',
  summary: 'Coinbase access tokens next to "coinbase"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['coinbase'],
      value: /[a-z0-9_-]{64}/,
      envName: 'COINBASE_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `COINBASE_API_KEY = "${token('coi0a')}"`, secret: token('coi0a'), nonStrict: 'keep' },
      { text: `coinbase:\n  credentials: ${token('coi0b')}`, secret: token('coi0b'), nonStrict: 'keep' },
      { text: `const coinbaseAuth = '${token('coi0c')}';`, secret: token('coi0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the coinbase documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `COINBASE_URL = "https://api.coinbase.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `COINBASE_API_KEY = "${'x'.repeat(token('coi0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
