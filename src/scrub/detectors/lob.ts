/** Lob API keys (live_/test_ + 35 hex next to "lob"). */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'lob';
const token = (seed: string): string => 'live_' + randomBody(`${seed}:1`, HEX, 35);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LOB',
  summary: 'Lob API keys (live_/test_ + 35 hex next to "lob")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['lob'],
      value: /(?:live|test)_[a-f0-9]{35}/,
      envName: 'LOB_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `LOB_API_KEY = "${token('lob0a')}"`, secret: token('lob0a'), nonStrict: 'keep' },
      { text: `lob:\n  credentials: ${token('lob0b')}`, secret: token('lob0b'), nonStrict: 'keep' },
      { text: `const lobAuth = '${token('lob0c')}';`, secret: token('lob0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the lob documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `LOB_URL = "https://api.lob.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `LOB_API_KEY = "${'x'.repeat(token('lob0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
