/** Trello API keys next to "trello". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'trello';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TRELLO',
  summary: 'Trello API keys next to "trello"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['trello'],
      value: /[a-z0-9]{32}/,
      envName: 'TRELLO_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `TRELLO_API_KEY = "${token('tre0a')}"`, secret: token('tre0a'), nonStrict: 'keep' },
      { text: `trello:\n  credentials: ${token('tre0b')}`, secret: token('tre0b'), nonStrict: 'keep' },
      { text: `const trelloAuth = '${token('tre0c')}';`, secret: token('tre0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the trello documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `TRELLO_URL = "https://api.trello.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `TRELLO_API_KEY = "${'x'.repeat(token('tre0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
