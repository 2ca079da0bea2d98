/** Okta API tokens (00… next to "okta"). */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'okta';
const token = (seed: string): string => '00' + randomBody(`${seed}:1`, BASE64URL, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'OKTA',
  summary: 'Okta API tokens (00… next to "okta")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['okta'],
      value: /00[A-Za-z0-9_-]{40}/,
      envName: 'OKTA_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `OKTA_API_KEY = "${token('okt0a')}"`, secret: token('okt0a'), nonStrict: 'keep' },
      { text: `okta:\n  credentials: ${token('okt0b')}`, secret: token('okt0b'), nonStrict: 'keep' },
      { text: `const oktaAuth = '${token('okt0c')}';`, secret: token('okt0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the okta documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `OKTA_URL = "https://api.okta.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `OKTA_API_KEY = "${'x'.repeat(token('okt0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
