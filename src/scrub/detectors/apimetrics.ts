/** APImetrics API keys (32) next to "apimetrics". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'apimetrics';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'APIMETRICS',
  summary: 'APImetrics API keys (32) next to "apimetrics"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['apimetrics', 'api_metrics'],
      value: /[a-zA-Z0-9]{32}/,
      envName: 'APIMETRICS_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `APIMETRICS_API_KEY = "${sample0('apim0a')}"`, secret: sample0('apim0a'), nonStrict: 'keep' },
      {
        text: `apimetrics '${sample0('apim0b')}'`,
        secret: sample0('apim0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `apimetrics: ${sample0('apim0c')} / ops@example.com`,
        secret: sample0('apim0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the apimetrics documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `APIMETRICS_API_KEY = "${'x'.repeat(sample0('apim9').length)}"`, why: 'placeholder value' },
      { text: `apimetrics_url = "https://apimetrics.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
