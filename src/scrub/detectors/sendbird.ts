/** Sendbird access tokens next to "sendbird". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'sendbird';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SENDBIRD',
  summary: 'Sendbird access tokens next to "sendbird"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['sendbird'],
      value: /[a-f0-9]{40}/,
      envName: 'SENDBIRD_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `SENDBIRD_API_KEY = "${token('sen0a')}"`, secret: token('sen0a'), nonStrict: 'keep' },
      { text: `sendbird:\n  credentials: ${token('sen0b')}`, secret: token('sen0b'), nonStrict: 'keep' },
      { text: `const sendbirdAuth = '${token('sen0c')}';`, secret: token('sen0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the sendbird documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `SENDBIRD_URL = "https://api.sendbird.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `SENDBIRD_API_KEY = "${'x'.repeat(token('sen0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
