/** Netlify access tokens (40-46) next to "netlify". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'netlify-context';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NETLIFY',
  summary: 'Netlify access tokens (40-46) next to "netlify"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['netlify'],
      value: /[a-z0-9=_-]{40,46}/,
      envName: 'NETLIFY_AUTH_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `NETLIFY_API_KEY = "${token('net0a')}"`, secret: token('net0a'), nonStrict: 'keep' },
      { text: `netlify:\n  credentials: ${token('net0b')}`, secret: token('net0b'), nonStrict: 'keep' },
      { text: `const netlifyAuth = '${token('net0c')}';`, secret: token('net0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the netlify documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `NETLIFY_URL = "https://api.netlify.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `NETLIFY_API_KEY = "${'x'.repeat(token('net0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
