/** Freshworks API keys (22) next to "freshworks". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'freshworks';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 22);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FRESHWORKS',
  summary: 'Freshworks API keys (22) next to "freshworks"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['freshworks'],
      value: /[a-zA-Z0-9_-]{22}/,
      envName: 'FRESHWORKS_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `FRESHWORKS_API_KEY = "${sample0('fres0a')}"`, secret: sample0('fres0a'), nonStrict: 'keep' },
      {
        text: `freshworks '${sample0('fres0b')}'`,
        secret: sample0('fres0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `freshworks: ${sample0('fres0c')} / ops@example.com`,
        secret: sample0('fres0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the freshworks documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `FRESHWORKS_API_KEY = "${'x'.repeat(sample0('fres9').length)}"`, why: 'placeholder value' },
      { text: `freshworks_url = "https://freshworks.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
