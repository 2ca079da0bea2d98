/** Intercom access tokens next to "intercom". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'intercom';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 60);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'INTERCOM',
  summary: 'Intercom access tokens next to "intercom"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['intercom'],
      value: /[a-z0-9=_-]{60}/,
      envName: 'INTERCOM_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `INTERCOM_API_KEY = "${token('int0a')}"`, secret: token('int0a'), nonStrict: 'keep' },
      { text: `intercom:\n  credentials: ${token('int0b')}`, secret: token('int0b'), nonStrict: 'keep' },
      { text: `const intercomAuth = '${token('int0c')}';`, secret: token('int0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the intercom documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `INTERCOM_URL = "https://api.intercom.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `INTERCOM_API_KEY = "${'x'.repeat(token('int0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
