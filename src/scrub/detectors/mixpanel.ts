/** Mixpanel service account secrets (30-40) next to "mixpanel". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'mixpanel';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MIXPANEL',
  summary: 'Mixpanel service account secrets (30-40) next to "mixpanel"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'secret',
      keywords: ['mixpanel'],
      value: /[a-zA-Z0-9]{30,40}/,
      envName: 'MIXPANEL_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `MIXPANEL_SECRET = "${sample0('mixp0a')}"`, secret: sample0('mixp0a'), nonStrict: 'keep' },
      {
        text: `mixpanel '${sample0('mixp0b')}'`,
        secret: sample0('mixp0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `mixpanel: ${sample0('mixp0c')} / ops@example.com`,
        secret: sample0('mixp0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the mixpanel documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `MIXPANEL_SECRET = "${'x'.repeat(sample0('mixp9').length)}"`, why: 'placeholder value' },
      { text: `mixpanel_url = "https://mixpanel.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
