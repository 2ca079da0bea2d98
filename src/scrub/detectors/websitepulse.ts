/** WebSitePulse API keys (32 hex) next to "websitepulse". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'websitepulse';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'WEBSITEPULSE',
  summary: 'WebSitePulse API keys (32 hex) next to "websitepulse"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['websitepulse'],
      value: /[0-9a-f]{32}/,
      envName: 'WEBSITEPULSE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `WEBSITEPULSE_API_KEY = "${sample0('webs0a')}"`, secret: sample0('webs0a'), nonStrict: 'keep' },
      {
        text: `websitepulse '${sample0('webs0b')}'`,
        secret: sample0('webs0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `websitepulse: ${sample0('webs0c')} / ops@example.com`,
        secret: sample0('webs0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the websitepulse documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `WEBSITEPULSE_API_KEY = "${'x'.repeat(sample0('webs9').length)}"`, why: 'placeholder value' },
      {
        text: `websitepulse_url = "https://websitepulse.example.com/v1/items"`,
        why: 'a URL, not a credential',
      },
    ],
  },
});
