/** GoCardless live access tokens (live_ next to "gocardless"). */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'gocardless';
const token = (seed: string): string => 'live_' + randomBody(`${seed}:1`, BASE64URL, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'GOCARDLESS',
  summary: 'GoCardless live access tokens (live_ next to "gocardless")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['gocardless'],
      value: /live_[A-Za-z0-9_=-]{40}/,
      envName: 'GOCARDLESS_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `GOCARDLESS_API_KEY = "${token('goc0a')}"`, secret: token('goc0a'), nonStrict: 'keep' },
      { text: `gocardless:\n  credentials: ${token('goc0b')}`, secret: token('goc0b'), nonStrict: 'keep' },
      { text: `const gocardlessAuth = '${token('goc0c')}';`, secret: token('goc0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the gocardless documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `GOCARDLESS_URL = "https://api.gocardless.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `GOCARDLESS_API_KEY = "${'x'.repeat(token('goc0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
