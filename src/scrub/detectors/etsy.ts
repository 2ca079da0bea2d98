/** Etsy access tokens next to "etsy". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'etsy';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ETSY',
  summary: 'Etsy access tokens next to "etsy"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, { name: 'token', keywords: ['etsy'], value: /[a-z0-9]{24}/, envName: 'ETSY_API_KEY' }),
  ],
  examples: {
    positive: [
      { text: `ETSY_API_KEY = "${token('ets0a')}"`, secret: token('ets0a'), nonStrict: 'keep' },
      { text: `etsy:\n  credentials: ${token('ets0b')}`, secret: token('ets0b'), nonStrict: 'keep' },
      { text: `const etsyAuth = '${token('ets0c')}';`, secret: token('ets0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the etsy documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `ETSY_URL = "https://api.etsy.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `ETSY_API_KEY = "${'x'.repeat(token('ets0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
