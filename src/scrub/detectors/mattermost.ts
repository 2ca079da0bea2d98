/** Mattermost access tokens next to "mattermost". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'mattermost';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 26);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MATTERMOST',
  summary: 'Mattermost access tokens next to "mattermost"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['mattermost'],
      value: /[a-z0-9]{26}/,
      envName: 'MATTERMOST_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `MATTERMOST_API_KEY = "${token('mat0a')}"`, secret: token('mat0a'), nonStrict: 'keep' },
      { text: `mattermost:\n  credentials: ${token('mat0b')}`, secret: token('mat0b'), nonStrict: 'keep' },
      { text: `const mattermostAuth = '${token('mat0c')}';`, secret: token('mat0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the mattermost documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `MATTERMOST_URL = "https://api.mattermost.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `MATTERMOST_API_KEY = "${'x'.repeat(token('mat0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
