/** Bittrex API keys and secrets next to "bittrex". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'bittrex';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BITTREX',
  summary: 'Bittrex API keys and secrets next to "bittrex"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['bittrex'],
      value: /[a-z0-9]{32}/,
      envName: 'BITTREX_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `BITTREX_API_KEY = "${token('bit0a')}"`, secret: token('bit0a'), nonStrict: 'keep' },
      { text: `bittrex:\n  credentials: ${token('bit0b')}`, secret: token('bit0b'), nonStrict: 'keep' },
      { text: `const bittrexAuth = '${token('bit0c')}';`, secret: token('bit0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the bittrex documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `BITTREX_URL = "https://api.bittrex.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `BITTREX_API_KEY = "${'x'.repeat(token('bit0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
