/** MessageBird API keys next to "messagebird"/"message_bird". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'messagebird';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 25);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MESSAGEBIRD',
  summary: 'MessageBird API keys next to "messagebird"/"message_bird"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['messagebird', 'message_bird', 'message-bird'],
      value: /[a-z0-9]{25}/,
      envName: 'MESSAGEBIRD_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `MESSAGEBIRD_API_KEY = "${token('mes0a')}"`, secret: token('mes0a'), nonStrict: 'keep' },
      { text: `messagebird:\n  credentials: ${token('mes0b')}`, secret: token('mes0b'), nonStrict: 'keep' },
      { text: `const messagebirdAuth = '${token('mes0c')}';`, secret: token('mes0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the messagebird documentation for how to rotate credentials.`, why: 'prose, no value' },
      {
        text: `MESSAGEBIRD_URL = "https://api.messagebird.example/v1/items"`,
        why: 'a URL, not a credential',
      },
      { text: `MESSAGEBIRD_API_KEY = "${'x'.repeat(token('mes0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
