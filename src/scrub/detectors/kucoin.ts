/** KuCoin access tokens and secret keys next to "kucoin". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'kucoin';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'KUCOIN',
  summary: 'KuCoin access tokens and secret keys next to "kucoin"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['kucoin'],
      value: /[a-f0-9]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'KUCOIN_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `KUCOIN_API_KEY = "${token('kuc0a')}"`, secret: token('kuc0a'), nonStrict: 'keep' },
      { text: `kucoin:\n  credentials: ${token('kuc0b')}`, secret: token('kuc0b'), nonStrict: 'keep' },
      { text: `const kucoinAuth = '${token('kuc0c')}';`, secret: token('kuc0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the kucoin documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `KUCOIN_URL = "https://api.kucoin.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `KUCOIN_API_KEY = "${'x'.repeat(token('kuc0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
