/** FreshBooks access tokens next to "freshbooks". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'freshbooks';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FRESHBOOKS',
  summary: 'FreshBooks access tokens next to "freshbooks"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['freshbooks'],
      value: /[a-z0-9]{64}/,
      envName: 'FRESHBOOKS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `FRESHBOOKS_API_KEY = "${token('fre0a')}"`, secret: token('fre0a'), nonStrict: 'keep' },
      { text: `freshbooks:\n  credentials: ${token('fre0b')}`, secret: token('fre0b'), nonStrict: 'keep' },
      { text: `const freshbooksAuth = '${token('fre0c')}';`, secret: token('fre0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the freshbooks documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `FRESHBOOKS_URL = "https://api.freshbooks.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `FRESHBOOKS_API_KEY = "${'x'.repeat(token('fre0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
