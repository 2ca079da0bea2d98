/** Twitter/X API keys, secrets and access tokens next to "twitter". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'twitter';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 50);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TWITTER',
  summary: 'Twitter/X API keys, secrets and access tokens next to "twitter"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['twitter'],
      value: /[0-9]{15,25}-[a-z0-9]{20,40}|[a-z0-9]{50}|[a-z0-9]{25}/,
      envName: 'TWITTER_API_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `TWITTER_API_KEY = "${token('twi0a')}"`, secret: token('twi0a'), nonStrict: 'keep' },
      { text: `twitter:\n  credentials: ${token('twi0b')}`, secret: token('twi0b'), nonStrict: 'keep' },
      { text: `const twitterAuth = '${token('twi0c')}';`, secret: token('twi0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the twitter documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `TWITTER_URL = "https://api.twitter.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `TWITTER_API_KEY = "${'x'.repeat(token('twi0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
