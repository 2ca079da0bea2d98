/** Kraken access tokens next to "kraken". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64, randomBody } from '../examples.js';

const ID = 'kraken';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64, 88);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'KRAKEN',
  summary: 'Kraken access tokens next to "kraken"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['kraken'],
      value: /[a-z0-9/=_+-]{80,90}/,
      envName: 'KRAKEN_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `KRAKEN_API_KEY = "${token('kra0a')}"`, secret: token('kra0a'), nonStrict: 'keep' },
      { text: `kraken:\n  credentials: ${token('kra0b')}`, secret: token('kra0b'), nonStrict: 'keep' },
      { text: `const krakenAuth = '${token('kra0c')}';`, secret: token('kra0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the kraken documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `KRAKEN_URL = "https://api.kraken.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `KRAKEN_API_KEY = "${'x'.repeat(token('kra0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
