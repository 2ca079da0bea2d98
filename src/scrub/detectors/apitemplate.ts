/** APITemplate.io API keys (39) next to "apitemplate". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'apitemplate';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 39);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'APITEMPLATE',
  summary: 'APITemplate.io API keys (39) next to "apitemplate"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['apitemplate', 'api_template'],
      value: /[a-zA-Z0-9]{39}/,
      envName: 'APITEMPLATE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `APITEMPLATE_API_KEY = "${sample0('apit0a')}"`, secret: sample0('apit0a'), nonStrict: 'keep' },
      {
        text: `apitemplate '${sample0('apit0b')}'`,
        secret: sample0('apit0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `apitemplate: ${sample0('apit0c')} / ops@example.com`,
        secret: sample0('apit0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the apitemplate documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `APITEMPLATE_API_KEY = "${'x'.repeat(sample0('apit9').length)}"`, why: 'placeholder value' },
      {
        text: `apitemplate_url = "https://apitemplate.example.com/v1/items"`,
        why: 'a URL, not a credential',
      },
    ],
  },
});
