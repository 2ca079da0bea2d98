/** Plaid client ids and secrets next to "plaid". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'plaid-context';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 30);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PLAID',
  summary: 'Plaid client ids and secrets next to "plaid"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['plaid'],
      value: /[a-z0-9]{30}|[a-z0-9]{24}/,
      envName: 'PLAID_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `PLAID_API_KEY = "${token('pla0a')}"`, secret: token('pla0a'), nonStrict: 'keep' },
      { text: `plaid:\n  credentials: ${token('pla0b')}`, secret: token('pla0b'), nonStrict: 'keep' },
      { text: `const plaidAuth = '${token('pla0c')}';`, secret: token('pla0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the plaid documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `PLAID_URL = "https://api.plaid.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `PLAID_API_KEY = "${'x'.repeat(token('pla0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
