/** Travis CI access tokens next to "travis". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'travisci';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 22);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TRAVISCI',
  summary: 'Travis CI access tokens next to "travis"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, { name: 'token', keywords: ['travis'], value: /[a-z0-9]{22}/, envName: 'TRAVIS_TOKEN' }),
  ],
  examples: {
    positive: [
      { text: `TRAVIS_API_KEY = "${token('tra0a')}"`, secret: token('tra0a'), nonStrict: 'keep' },
      { text: `travis:\n  credentials: ${token('tra0b')}`, secret: token('tra0b'), nonStrict: 'keep' },
      { text: `const travisAuth = '${token('tra0c')}';`, secret: token('tra0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the travis documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `TRAVIS_URL = "https://api.travis.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `TRAVIS_API_KEY = "${'x'.repeat(token('tra0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
