/** Bitbucket client secrets next to "bitbucket". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'bitbucket-context';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BITBUCKET',
  summary: 'Bitbucket client secrets next to "bitbucket"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['bitbucket'],
      value: /[a-z0-9=_-]{64}/,
      envName: 'BITBUCKET_CLIENT_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `BITBUCKET_API_KEY = "${token('bit0a')}"`, secret: token('bit0a'), nonStrict: 'keep' },
      { text: `bitbucket:\n  credentials: ${token('bit0b')}`, secret: token('bit0b'), nonStrict: 'keep' },
      { text: `const bitbucketAuth = '${token('bit0c')}';`, secret: token('bit0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the bitbucket documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `BITBUCKET_URL = "https://api.bitbucket.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `BITBUCKET_API_KEY = "${'x'.repeat(token('bit0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
