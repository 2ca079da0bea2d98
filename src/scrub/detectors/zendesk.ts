/** Zendesk API tokens next to "zendesk". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'zendesk';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE62, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ZENDESK',
  summary: 'Zendesk API tokens next to "zendesk"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['zendesk'],
      value: /[A-Za-z0-9]{40}/,
      envName: 'ZENDESK_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `ZENDESK_API_KEY = "${token('zen0a')}"`, secret: token('zen0a'), nonStrict: 'keep' },
      { text: `zendesk:\n  credentials: ${token('zen0b')}`, secret: token('zen0b'), nonStrict: 'keep' },
      { text: `const zendeskAuth = '${token('zen0c')}';`, secret: token('zen0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the zendesk documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `ZENDESK_URL = "https://api.zendesk.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `ZENDESK_API_KEY = "${'x'.repeat(token('zen0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
