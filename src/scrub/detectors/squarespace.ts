/** Squarespace API keys (UUIDs next to "squarespace"). */
import { contextValue, defineDetector } from '../detector.js';
import { uuidV4 } from '../examples.js';

const ID = 'squarespace';
const token = (seed: string): string => uuidV4(seed, 'a');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SQUARESPACE',
  summary: 'Squarespace API keys (UUIDs next to "squarespace")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['squarespace'],
      value: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'SQUARESPACE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `SQUARESPACE_API_KEY = "${token('squ0a')}"`, secret: token('squ0a'), nonStrict: 'keep' },
      { text: `squarespace:\n  credentials: ${token('squ0b')}`, secret: token('squ0b'), nonStrict: 'keep' },
      { text: `const squarespaceAuth = '${token('squ0c')}';`, secret: token('squ0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the squarespace documentation for how to rotate credentials.`, why: 'prose, no value' },
      {
        text: `SQUARESPACE_URL = "https://api.squarespace.example/v1/items"`,
        why: 'a URL, not a credential',
      },
      { text: `SQUARESPACE_API_KEY = "${'x'.repeat(token('squ0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
