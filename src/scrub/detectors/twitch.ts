/** Twitch API tokens next to "twitch". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'twitch';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 30);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TWITCH',
  summary: 'Twitch API tokens next to "twitch"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['twitch'],
      value: /[a-z0-9]{30}/,
      envName: 'TWITCH_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `TWITCH_API_KEY = "${token('twi0a')}"`, secret: token('twi0a'), nonStrict: 'keep' },
      { text: `twitch:\n  credentials: ${token('twi0b')}`, secret: token('twi0b'), nonStrict: 'keep' },
      { text: `const twitchAuth = '${token('twi0c')}';`, secret: token('twi0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the twitch documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `TWITCH_URL = "https://api.twitch.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `TWITCH_API_KEY = "${'x'.repeat(token('twi0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
