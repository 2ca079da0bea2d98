/** LaunchDarkly access tokens next to "launchdarkly". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'launchdarkly';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LAUNCHDARKLY',
  summary: 'LaunchDarkly access tokens next to "launchdarkly"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['launchdarkly'],
      value: /[a-z0-9=_-]{40}/,
      envName: 'LAUNCHDARKLY_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `LAUNCHDARKLY_API_KEY = "${token('lau0a')}"`, secret: token('lau0a'), nonStrict: 'keep' },
      { text: `launchdarkly:\n  credentials: ${token('lau0b')}`, secret: token('lau0b'), nonStrict: 'keep' },
      { text: `const launchdarklyAuth = '${token('lau0c')}';`, secret: token('lau0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the launchdarkly documentation for how to rotate credentials.`, why: 'prose, no value' },
      {
        text: `LAUNCHDARKLY_URL = "https://api.launchdarkly.example/v1/items"`,
        why: 'a URL, not a credential',
      },
      { text: `LAUNCHDARKLY_API_KEY = "${'x'.repeat(token('lau0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
