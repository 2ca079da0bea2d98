/** PagerDuty API tokens next to "pagerduty". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'pagerduty';
const token = (seed: string): string => 'u+' + randomBody(`${seed}:1`, BASE64URL, 18);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PAGERDUTY',
  summary: 'PagerDuty API tokens next to "pagerduty"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['pagerduty', 'pager_duty'],
      value: /u\+[A-Za-z0-9_+-]{18}|[A-Za-z0-9_+-]{20}/,
      envName: 'PAGERDUTY_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `PAGERDUTY_API_KEY = "${token('pag0a')}"`, secret: token('pag0a'), nonStrict: 'keep' },
      { text: `pagerduty:\n  credentials: ${token('pag0b')}`, secret: token('pag0b'), nonStrict: 'keep' },
      { text: `const pagerdutyAuth = '${token('pag0c')}';`, secret: token('pag0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the pagerduty documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `PAGERDUTY_URL = "https://api.pagerduty.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `PAGERDUTY_API_KEY = "${'x'.repeat(token('pag0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
