/** Bitly access tokens next to "bitly". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'bitly';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BITLY',
  summary: 'Bitly access tokens next to "bitly"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['bitly'],
      value: /[a-f0-9]{40}/,
      envName: 'BITLY_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `BITLY_API_KEY = "${token('bit0a')}"`, secret: token('bit0a'), nonStrict: 'keep' },
      { text: `bitly:\n  credentials: ${token('bit0b')}`, secret: token('bit0b'), nonStrict: 'keep' },
      { text: `const bitlyAuth = '${token('bit0c')}';`, secret: token('bit0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the bitly documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `BITLY_URL = "https://api.bitly.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `BITLY_API_KEY = "${'x'.repeat(token('bit0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
